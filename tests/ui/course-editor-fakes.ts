/** Test doubles of the course-editor UI tests. */

/** A stand-in XMLHttpRequest: records requests; tests drive progress and the answer. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  static count = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  private listeners: Record<string, Array<(e: unknown) => void>> = {};
  private uploadListeners: Record<string, Array<(e: unknown) => void>> = {};
  upload = {
    addEventListener: (type: string, fn: (e: unknown) => void) => {
      (this.uploadListeners[type] ??= []).push(fn);
    },
  };
  constructor() {
    FakeXhr.last = this;
    FakeXhr.count += 1;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.listeners.abort?.forEach((fn) => fn({}));
  }
  progress(loaded: number, total: number) {
    this.uploadListeners.progress?.forEach((fn) => fn({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.listeners.load?.forEach((fn) => fn({}));
  }
}
