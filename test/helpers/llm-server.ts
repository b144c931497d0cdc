import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the local model answers the next requests. */
type LlmBehaviour = 'ok' | 'http_error' | 'not_json' | 'empty' | 'slow';

type ChatRequest = {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model: string; temperature: number; messages: { role: string; content: string }[] };
};

export type LlmServer = {
  /** The full chat-completions URL, as NARRATIVE_LLM_URL takes it. */
  url: string;
  requests: ChatRequest[];
  behaviour: LlmBehaviour;
  /** The answer's prose and model, and its usage numbers. */
  reply: { content: string; model: string; promptTokens: number; completionTokens: number };
  stop(): Promise<void>;
};

/**
 * A local OpenAI-compatible chat-completions endpoint over real HTTP: POST /v1/chat/completions
 * records the request and answers the chat.completion shape, or misbehaves as `behaviour` says
 * (a 500, a 200 that is not JSON, no content, slower than any test timeout).
 */
export async function startLlmServer(): Promise<LlmServer> {
  const llm: LlmServer = {
    url: '',
    requests: [],
    behaviour: 'ok',
    reply: {
      content: 'You slept a little less than usual this week.',
      model: 'local-model-2026-11',
      promptTokens: 812,
      completionTokens: 143,
    },
    stop: async () => {},
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return res.writeHead(404).end('{"error":"not found"}');
      llm.requests.push({ path: req.url, headers: req.headers, body: JSON.parse(raw) });
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      switch (llm.behaviour) {
        case 'http_error':
          return json(500, { error: { message: 'model overloaded', type: 'server_error' } });
        case 'not_json':
          return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        case 'slow': {
          const timer = setTimeout(() => json(200, completion(llm, llm.reply.content)), 5000);
          res.on('close', () => clearTimeout(timer));
          return;
        }
        case 'empty':
          return json(200, completion(llm, '   '));
        default:
          return json(200, completion(llm, llm.reply.content));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  llm.url = `http://127.0.0.1:${port}/v1/chat/completions`;
  llm.stop = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return llm;
}

function completion(llm: LlmServer, content: string) {
  const { model, promptTokens, completionTokens } = llm.reply;
  return {
    id: `chatcmpl-${llm.requests.length}`,
    object: 'chat.completion',
    created: 1_795_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}
