import { OFF_TOPIC } from "./questions.js";
import { PEOPLE_OFF_TOPIC } from "./people-questions.js";
import { QUESTION_SETS, type QuestionSetName } from "./run.js";

/** The wiki locale the bench's agent answers from (the tldr corpus is English). */
export const BENCH_LOCALE = "en";

/** Every question the answer-quality bench asks, with the set it belongs to: the answerable sets, then the off-topic ones. */
export function benchQuestions(): Array<{ set: string; index: number; question: string }> {
  const out: Array<{ set: string; index: number; question: string }> = [];
  for (const name of Object.keys(QUESTION_SETS) as QuestionSetName[])
    QUESTION_SETS[name].questions.forEach((q, index) => out.push({ set: name, index, question: q.question }));
  OFF_TOPIC.forEach((question, index) => out.push({ set: "offTopic", index, question }));
  PEOPLE_OFF_TOPIC.forEach((question, index) => out.push({ set: "peopleOffTopic", index, question }));
  return out;
}
