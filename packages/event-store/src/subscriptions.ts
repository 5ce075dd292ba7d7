/** What both adapters share of their `onAppended` wake-ups. */

/** The subscriptions an adapter has handed out: each stops once, and `closeAll` stops the rest. */
export class Subscriptions {
  private readonly live = new Set<() => Promise<void>>();

  /** Register one subscription's teardown; returns its unsubscribe (safe to call twice). */
  add(teardown: () => Promise<void>): () => Promise<void> {
    let done = false;
    const unsubscribe = async () => {
      if (done) return;
      done = true;
      this.live.delete(unsubscribe);
      await teardown();
    };
    this.live.add(unsubscribe);
    return unsubscribe;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.live].map((u) => u()));
  }
}

/** The caller's listener, called only while subscribed and never allowed to throw into the adapter. */
export function wakeUp(listener: () => void, stopped: () => boolean): () => void {
  return () => {
    if (stopped()) return;
    try {
      listener();
    } catch (e) {
      console.error('event store onAppended listener failed', e);
    }
  };
}
