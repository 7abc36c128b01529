// How a link page looks its link up: the read that asks the database, the element its server render
// embeds the answer in for hydration (see EmbeddedJson), and the server render's answers, asked once
// per request. React renders a suspended component again once its promise settles, so the render
// must get the same promise back; the next request (a reload right after the visitor cancelled or
// moved the call) must ask afresh, or it would show the link as still open. A render never waits
// long, and never fails because of it: the browser asks again after hydration.

const WAIT_MS = 1_500;

export interface LinkLookup<View> {
  /** The link as the log names it: "the cancel link". */
  readonly name: string;
  /** The id of the element the server render embeds its answer in. */
  readonly embeddedId: string;
  /** What the link can do now, asked of the database. */
  readonly fetchView: (token: string, signal?: AbortSignal) => Promise<View>;
  /**
   * The link's state for a server render of a well-formed token, or null if the database did not
   * answer in time. The request is named by its router's location: the shell's server makes a
   * router for every request, whose location is one object for all its renders and is dropped with it.
   */
  readonly forServerRender: (token: string, request: object) => Promise<View | null>;
}

export function linkLookup<View>(link: Omit<LinkLookup<View>, 'forServerRender'>): LinkLookup<View> {
  /** Each request's answers, by token. */
  const answersByRequest = new WeakMap<object, Map<string, Promise<View | null>>>();
  const forServerRender = (token: string, request: object) => {
    let answers = answersByRequest.get(request);
    if (!answers) answersByRequest.set(request, (answers = new Map()));
    let answer = answers.get(token);
    if (!answer) {
      answer = link.fetchView(token, AbortSignal.timeout(WAIT_MS)).catch((error: unknown) => {
        console.error(`[booking] ${link.name} could not be read for the server render`, error);
        return null;
      });
      answers.set(token, answer);
    }
    return answer;
  };
  return { ...link, forServerRender };
}
