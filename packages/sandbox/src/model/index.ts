export {
  createSandboxModel,
  type ReceivedChat,
  type SandboxModel,
  type SandboxModelOptions,
} from "./model-sandbox.js";
export { parseReplayFixture, readReplayFixture, type ReplayFixture } from "./replay-fixture.js";
export type { ScriptedReply } from "./scripted-replies.js";
export { type ReceivedTranscription, type TranscriptionFault, transcriptKey } from "./transcriptions.js";
