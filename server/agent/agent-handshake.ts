/**
 * The client's side of the agent handshake (`AGENT_API_PATHS.handshake`): does the server a connection file names
 * prove that it holds the file's secret and serves this root? Asked by `mcp` before it sends the secret anywhere, and
 * by a starting `dev` that finds another server's connection file, to tell a live server of the project from a file
 * left behind. With `node:http`: Node's `fetch` marks its requests as a browser's, which agent calls refuse.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { AGENT_API_PATHS, AGENT_API_PREFIX, isLoopbackHttpUrl, type AgentConnection, type AgentHandshakeAnswer } from '../../contracts/agent-api.js';
import { agentHandshakeProof, agentSecretMatches } from './agent-connection-file.js';

/** A handshake answer is a few dozen bytes. */
const ANSWER_LIMIT = 4096;

export type HandshakeResult =
  | { ok: true }
  /** Nothing answered at the address (`code` is the network error's). */
  | { ok: false; unreachable: true; code: string }
  /** Something answered, and it did not prove it is this project's `dev`. */
  | { ok: false; unreachable: false; why: string };

function post(url: URL, body: string, timeoutMs: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      // No agent: a connection kept for the calls that follow must not be one opened before the proof.
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), accept: 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > ANSWER_LIMIT) request.destroy(Object.assign(new Error(`an answer of more than ${ANSWER_LIMIT} bytes`), { code: 'EANSWERTOOLARGE' }));
          else chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    request.on('error', reject);
    request.end(body);
  });
}

function proofOf(text: string): string | undefined {
  try {
    const proof = (JSON.parse(text) as Partial<AgentHandshakeAnswer>).proof;
    return typeof proof === 'string' ? proof : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the server at `connection.url` to prove it is the `dev` of `root` holding `connection.secret`. */
export async function agentHandshake(connection: AgentConnection, root: string, timeoutMs: number): Promise<HandshakeResult> {
  if (!isLoopbackHttpUrl(connection.url)) return { ok: false, unreachable: false, why: `${connection.url} is not http on a loopback address` };
  const nonce = randomBytes(32).toString('base64url');
  let answer: { status: number; text: string };
  try {
    answer = await post(new URL(AGENT_API_PREFIX + AGENT_API_PATHS.handshake, connection.url), JSON.stringify({ nonce }), timeoutMs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'ERROR';
    if (code === 'EANSWERTOOLARGE') return { ok: false, unreachable: false, why: (error as Error).message };
    return { ok: false, unreachable: true, code };
  }
  if (answer.status !== 200) return { ok: false, unreachable: false, why: `it answered the handshake with status ${answer.status}` };
  const proof = proofOf(answer.text);
  if (proof === undefined || !agentSecretMatches(proof, agentHandshakeProof(connection.secret, root, nonce))) {
    return { ok: false, unreachable: false, why: "its answer to the handshake does not prove it holds the file's secret and serves this project" };
  }
  return { ok: true };
}
