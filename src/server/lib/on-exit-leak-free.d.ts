/** on-exit-leak-free (pino's own exit hooks): calls `fn(obj)` on process exit while `obj` is alive. */
declare module 'on-exit-leak-free' {
  export function register<T extends object>(obj: T, fn: (obj: T, event: 'exit') => void): void;
  export function unregister(obj: object): void;
  const onExit: { register: typeof register; unregister: typeof unregister };
  export default onExit;
}
