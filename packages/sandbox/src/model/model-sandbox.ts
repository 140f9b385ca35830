import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { ChatMessage } from "../../../../src/models/chat-types.js";
import { promptKey } from "../../../../src/models/prompt-key.js";
import { sendChatReply, sendJson } from "./chat-reply.js";
import { echoReply } from "./echo-reply.js";
import { errorBody, modelList } from "./openai-shapes.js";
import { EMPTY_FIXTURE, type ReplayFixture } from "./replay-fixture.js";
import { createReplyScript, type ScriptedReply } from "./scripted-replies.js";
import {
  createTranscriptions,
  type ReceivedTranscription,
  type TranscriptionFault,
} from "./transcriptions.js";

export interface SandboxModelOptions {
  /** Model ids `/v1/models` lists and chat completions accept; default ["sandbox-model"]. */
  models?: string[];
  /** When set, every /v1 request must carry `Authorization: Bearer <apiKey>` (else 401). */
  apiKey?: string;
  /** Recorded replies, found by prompt key. */
  fixture?: ReplayFixture;
  /** Clock in ms (the `created` fields). */
  now?: () => number;
  /**
   * The demo's replies: a prompt nothing else answers gets echo-reply.ts's reply (made from the
   * prompt, never invented); it and the recorded replies are streamed a word every `chunkDelayMs`.
   */
  echo?: { chunkDelayMs: number };
}

/** One chat completion request as received, for tests that check what reached the model. */
export interface ReceivedChat {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  maxTokens: number | undefined;
  key: string;
  authorization: string | undefined;
  /** When the request's body had arrived, by `now` (ms). */
  at: number;
  /** The client closed the connection before the reply ended (a cancelled call, e.g. a user's stop). */
  aborted: boolean;
}

/**
 * An OpenAI-compatible model server for tests, the bench and the demo (docs/model-servers-facts.md).
 * A transcription (`POST /v1/audio/transcriptions`) is answered by transcriptions.ts from the same
 * fixture, keyed by the audio's hash.
 * A chat completion is answered, in this order, by a scripted reply, the replay fixture (by
 * `promptKey` of the messages), or the default reply a test set; otherwise by 422 `replay_miss`:
 * the stand-in never invents an answer.
 */
export interface SandboxModel {
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** Replies (or failures) for the next requests; see ScriptedReply. */
  script(...replies: ScriptedReply[]): void;
  /** The reply to prompts that neither the script nor the fixture answer; null: 422. */
  setDefault(reply: ScriptedReply | null): void;
  /** Chat completion requests received, oldest first. */
  received(): ReceivedChat[];
  /** Transcription requests received, oldest first. */
  transcriptions(): ReceivedTranscription[];
  /** What the next transcriptions do instead of answering ({} answers again). */
  transcriptionFault(fault: TranscriptionFault): void;
  reset(): void;
}

export function createSandboxModel(options: SandboxModelOptions = {}): SandboxModel {
  const models = options.models ?? ["sandbox-model"];
  const fixture = options.fixture ?? EMPTY_FIXTURE;
  const now = options.now ?? Date.now;
  const script = createReplyScript();
  let fallback: ScriptedReply | null = null;
  let log: ReceivedChat[] = [];
  let serial = 0;
  let closing = false;
  const sockets = new Set<Socket>();
  const transcriptions = createTranscriptions({ fixture, models });

  const control: Record<string, (body: Record<string, unknown>) => unknown> = {
    "POST /__sandbox/script": (b) => {
      script.add(Array.isArray(b.replies) ? (b.replies as ScriptedReply[]) : [b as ScriptedReply]);
      return { ok: true };
    },
    "POST /__sandbox/default": (b) => {
      fallback = (b.reply as ScriptedReply | null | undefined) ?? null;
      return { ok: true };
    },
    "GET /__sandbox/received": () => log,
    "GET /__sandbox/transcriptions": () => transcriptions.received(),
    "POST /__sandbox/transcription-fault": (b) => {
      transcriptions.setFault(b as TranscriptionFault);
      return { ok: true };
    },
    "POST /__sandbox/reset": () => {
      reset();
      return { ok: true };
    },
  };

  function echoOf(messages: readonly ChatMessage[]): ScriptedReply | null {
    const content = options.echo ? echoReply(messages) : undefined;
    return content === undefined ? null : { content, chunkDelayMs: options.echo!.chunkDelayMs };
  }

  /** A recorded reply; in the demo streamed at the echo's pace, as a model writes it. */
  function recordedReply(content: string): ScriptedReply {
    return options.echo ? { content, chunkDelayMs: options.echo.chunkDelayMs } : { content };
  }

  function reset(): void {
    transcriptions.reset();
    script.clear();
    fallback = null;
    log = [];
  }

  async function chat(req: IncomingMessage, res: ServerResponse, text: string): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return sendJson(
        res,
        400,
        errorBody("We could not parse the JSON body of your request.", "invalid_request_error"),
      );
    }
    const messages = body.messages;
    if (
      !Array.isArray(messages) ||
      messages.some((m) => !isContent(m?.content) || typeof m?.role !== "string")
    )
      return sendJson(
        res,
        400,
        errorBody("'messages' must be an array of {role, content}.", "invalid_request_error"),
      );
    const model = String(body.model ?? "");
    if (!models.includes(model))
      return sendJson(
        res,
        404,
        errorBody(
          `The model \`${model}\` does not exist or you do not have access to it.`,
          "invalid_request_error",
          "model_not_found",
        ),
      );
    const chatMessages = messages as ChatMessage[];
    const key = promptKey(chatMessages);
    const stream = body.stream === true;
    const received: ReceivedChat = {
      model,
      messages: chatMessages,
      stream,
      maxTokens: typeof body.max_tokens === "number" ? body.max_tokens : undefined,
      key,
      authorization: req.headers.authorization,
      at: now(),
      aborted: false,
    };
    log.push(received);
    const recorded = fixture.reply(key);
    const reply =
      script.take(chatMessages) ??
      (recorded === undefined ? (fallback ?? echoOf(chatMessages)) : recordedReply(recorded));
    // A stream cut short on purpose (cutAfter) or the stand-in closing is not the client's abort.
    res.on("close", () => {
      if (!res.writableFinished && reply?.cutAfter === undefined && !closing) received.aborted = true;
    });
    if (!reply)
      return sendJson(
        res,
        422,
        errorBody(
          `No recorded reply for this prompt (key ${key}); record it in the replay fixture.`,
          "invalid_request_error",
          "replay_miss",
        ),
      );
    const options = body.stream_options as { include_usage?: unknown } | undefined;
    await sendChatReply(res, reply, {
      id: `chatcmpl-sandbox-${++serial}`,
      model,
      created: Math.floor(now() / 1000),
      promptText: chatMessages.map((m) => m.content).join("\n"),
      stream,
      includeUsage: options?.include_usage === true,
      closing: () => closing,
    });
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://model");
    const route = `${req.method} ${url.pathname.replace(/\/+$/, "")}`;
    const raw = await readBody(req);
    const text = raw.toString("utf8");
    const controlRoute = control[route];
    if (controlRoute)
      return sendJson(res, 200, controlRoute(text ? (JSON.parse(text) as Record<string, unknown>) : {}));
    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`)
      return sendJson(
        res,
        401,
        errorBody("Incorrect API key provided.", "invalid_request_error", "invalid_api_key"),
      );
    if (route === "GET /v1/models") return sendJson(res, 200, modelList(models, Math.floor(now() / 1000)));
    if (route === "POST /v1/chat/completions") return chat(req, res, text);
    if (route === "POST /v1/audio/transcriptions") return transcriptions.answer(req, res, raw);
    sendJson(
      res,
      404,
      errorBody(`Invalid URL (${req.method} ${url.pathname})`, "invalid_request_error", "unknown_url"),
    );
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => sendJson(res, 500, errorBody(String(error), "server_error")));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  return {
    listen(port = 0, host = "127.0.0.1") {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          const address = server.address();
          const bound = typeof address === "object" && address ? address.port : port;
          resolve(`http://${host.includes(":") ? `[${host}]` : host}:${bound}/v1`);
        });
      });
    },
    close() {
      closing = true;
      return new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      });
    },
    script: (...replies) => script.add(replies),
    setDefault(reply) {
      fallback = reply;
    },
    received: () => [...log],
    transcriptions: () => transcriptions.received(),
    transcriptionFault: (fault) => transcriptions.setFault(fault),
    reset,
  };
}

/** A message's content: text, or OpenAI's content parts (text, and pictures as image_url). */
function isContent(content: unknown): boolean {
  if (typeof content === "string") return true;
  return (
    Array.isArray(content) &&
    content.every(
      (part: { type?: unknown; text?: unknown; image_url?: { url?: unknown } } | null) =>
        (part?.type === "text" && typeof part.text === "string") ||
        (part?.type === "image_url" && typeof part.image_url?.url === "string"),
    )
  );
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
