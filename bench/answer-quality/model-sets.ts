import { resolveAgentSettings } from "../../src/agents/agent-settings.js";
import { OFF_TOPIC } from "./questions.js";
import { PEOPLE_OFF_TOPIC } from "./people-questions.js";
import { QUESTION_SETS, type QuestionSetName } from "./run.js";
import { CHINESE, GERMAN, RUSSIAN, SPANISH } from "./language-questions.js";
import { TEAM_DEV, TEAM_TEST } from "./team-questions.js";

/** The wiki locale the bench's agent answers from (the tldr corpus is English). */
export const BENCH_LOCALE = "en";

/** The bench's agent: the whole English tldr wiki, without a model until a mode names one. */
export const benchAgent = resolveAgentSettings(
  "bench",
  { section: "", locale: BENCH_LOCALE, editors: [], answerLength: 1200 },
  "https://wiki.example.com",
);

/** One question the bench asks a model about, with the set it belongs to and the wiki locale it is asked of. */
export interface BenchQuestion {
  set: string;
  index: number;
  question: string;
  locale: string;
}

const LANGUAGE_SETS = { ru: RUSSIAN, de: GERMAN, es: SPANISH, zh: CHINESE } as const;

/**
 * Every question the answer-quality bench asks: the answerable sets, then the off-topic ones (of
 * the English wiki), then the team questions (of the handbook and tldr wiki), then the Russian, German, Spanish and Chinese sets, each asked of the English
 * wiki and of a wiki in its own language.
 */
export function benchQuestions(): BenchQuestion[] {
  const out: BenchQuestion[] = [];
  const add = (set: string, locale: string) => (question: string, index: number) =>
    out.push({ set, index, question, locale });
  for (const name of Object.keys(QUESTION_SETS) as QuestionSetName[])
    QUESTION_SETS[name].questions.forEach((q, i) => add(name, BENCH_LOCALE)(q.question, i));
  OFF_TOPIC.forEach(add("offTopic", BENCH_LOCALE));
  PEOPLE_OFF_TOPIC.forEach(add("peopleOffTopic", BENCH_LOCALE));
  TEAM_DEV.forEach((q, i) => add("teamDev", BENCH_LOCALE)(q.question, i));
  TEAM_TEST.forEach((q, i) => add("teamTest", BENCH_LOCALE)(q.question, i));
  for (const [language, questions] of Object.entries(LANGUAGE_SETS))
    for (const locale of [BENCH_LOCALE, language])
      questions.forEach((q, i) => add(`${language}@${locale}`, locale)(q.question, i));
  return out;
}
