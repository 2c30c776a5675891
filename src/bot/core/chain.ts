/** Tests: test/bot/core/chain.test.ts */
import type { Composer, Context, Filter, Middleware, MiddlewareFn, NextFunction } from "grammy";

/**
 * Middleware run in order, as `composer.use(a); composer.use(b); …` would run them, except that an
 * update enters only the ones it reaches. grammY wraps each `use` around all the earlier ones, so
 * an update the first of forty handles (a command, for the router) still goes in through forty
 * wrappers, an async function and two promises each (bench/ingress.ts: a third of the bot's
 * allocations per /help). Here each step is entered when the one before calls `next`.
 *
 * A Composer among them is asked for its middleware when reached, as `use` does, so one changed
 * after the chain was made still counts in full.
 */
export function chain<C extends Context>(middleware: readonly Middleware<C>[]): MiddlewareFn<C> {
  const steps = [...middleware];
  return (ctx, next) => {
    // Not an async function: a step's own promise is handed on, with no frame of ours around it.
    const run = (index: number): Promise<void> => {
      const step = steps[index];
      if (step === undefined) return next();
      const handle = typeof step === "function" ? step : step.middleware();
      let called = false;
      const onward: NextFunction = () => {
        if (called) return Promise.reject(new Error("`next` already called before!"));
        called = true;
        return run(index + 1);
      };
      try {
        // A native promise comes back as it is; a plain value, as a resolved one.
        return Promise.resolve(handle(ctx, onward)) as Promise<void>;
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return run(0);
  };
}

/**
 * `composer.on("message", handler)` without grammY's filter, which builds a Composer for every
 * update that passes it (Composer.lazy): for middleware that every update goes through, such as
 * the modules' steps before the dialogs. Runs `handler` for messages; other updates go on.
 */
export function onMessage<C extends Context>(
  composer: Composer<C>,
  handler: MiddlewareFn<Filter<C, "message">>,
): void {
  composer.use((ctx, next) =>
    ctx.message === undefined ? next() : handler(ctx as Filter<C, "message">, next),
  );
}
