const loading = new Map<string, Promise<boolean>>();

/**
 * Adds the payment widget's script tag once per address and answers whether it loaded (`ready`: the
 * provider's global is there). A failed load is forgotten (and its tag removed), so the next Place order
 * tries again.
 */
export function loadCheckoutScript(src: string, ready: () => boolean): Promise<boolean> {
  if (ready()) return Promise.resolve(true);
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve(ready());
    script.onerror = () => {
      script.remove();
      loading.delete(src);
      resolve(false);
    };
    document.body.append(script);
  });
  loading.set(src, promise);
  return promise;
}
