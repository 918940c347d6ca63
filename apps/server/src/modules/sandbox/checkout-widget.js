// The sandbox checkout widget: the same `new Razorpay(options).open()` API as Razorpay's checkout.js,
// with Pay and Fail buttons. Given `order_id` it pays an order; given `subscription_id` it authorises a
// subscription and answers as Razorpay Checkout does (razorpay_payment_id, razorpay_subscription_id,
// razorpay_signature). Payments it makes are recorded by the shop's sandbox gateway and signed
// with HMAC-SHA256 like real ones. TEST MODE: no money moves.
(() => {
  function formatInr(paise) {
    return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  }
  function el(tag, style, text) {
    const node = document.createElement(tag);
    Object.assign(node.style, style);
    if (text) node.textContent = text;
    return node;
  }
  function Razorpay(options) {
    this.options = options || {};
    this.handlers = {};
  }
  Razorpay.prototype.on = function on(event, callback) {
    this.handlers[event] = callback;
  };
  Razorpay.prototype.open = function open() {
    const options = this.options;
    const handlers = this.handlers;
    const overlay = el('div', {
      position: 'fixed',
      inset: '0',
      background: 'rgba(0,0,0,.6)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      zIndex: '10000',
      fontFamily: 'system-ui, sans-serif',
    });
    overlay.setAttribute('data-sandbox-checkout', '');
    const box = el('div', {
      background: '#fff',
      borderRadius: '12px',
      padding: '24px',
      width: 'min(380px, 92vw)',
      boxShadow: '0 10px 40px rgba(0,0,0,.3)',
    });
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', 'Sandbox payment (test mode)');
    const badge = el(
      'div',
      {
        background: '#fef3c7',
        color: '#92400e',
        fontWeight: '700',
        padding: '4px 10px',
        borderRadius: '999px',
        display: 'inline-block',
        fontSize: '13px',
      },
      'TEST MODE',
    );
    const title = el('h2', { margin: '12px 0 4px', fontSize: '20px', color: '#0b1f3a' }, options.name || 'Payment');
    const description = el('p', { margin: '0 0 12px', color: '#4b5563' }, options.description || '');
    const subscriptionId = options.subscription_id;
    const hasAmount = Number(options.amount) > 0;
    const amount = el(
      'p',
      { fontSize: '28px', fontWeight: '800', margin: '0 0 16px', color: '#0b1f3a' },
      hasAmount || !subscriptionId ? formatInr(Number(options.amount) || 0) : 'Subscription',
    );
    const note = el(
      'p',
      { fontSize: '13px', color: '#4b5563', margin: '0 0 16px' },
      'Sandbox payments are signed like Razorpay payments, but no money moves.',
    );
    // Which card pays: the shop checks an order billed Outside India against it, as Razorpay reports it.
    const cards = el('fieldset', { border: '0', padding: '0', margin: '0 0 12px', fontSize: '14px', color: '#0b1f3a' });
    cards.append(el('legend', { fontWeight: '700', padding: '0', marginBottom: '4px' }, 'Card'));
    for (const [value, text] of [
      ['domestic', 'Indian card'],
      ['international', 'International card (issued outside India)'],
    ]) {
      const label = el('label', { display: 'flex', gap: '8px', alignItems: 'center', minHeight: '32px' });
      const radio = document.createElement('input');
      radio.type = 'radio';
      radio.name = 'sandbox-card';
      radio.value = value;
      radio.checked = value === 'domestic';
      label.append(radio, document.createTextNode(text));
      cards.append(label);
    }
    const status = el('p', { minHeight: '1.2em', color: '#b91c1c', margin: '0 0 8px', fontSize: '14px' });
    status.setAttribute('role', 'status');
    const buttonStyle = {
      width: '100%',
      minHeight: '44px',
      borderRadius: '999px',
      fontWeight: '700',
      fontSize: '16px',
      cursor: 'pointer',
      marginTop: '8px',
    };
    const pay = el(
      'button',
      { ...buttonStyle, background: '#15803d', color: '#fff', border: '0' },
      subscriptionId && !hasAmount ? 'Authorise subscription' : `Pay ${formatInr(Number(options.amount) || 0)}`,
    );
    const fail = el(
      'button',
      { ...buttonStyle, background: '#fff', color: '#b91c1c', border: '2px solid #b91c1c' },
      'Fail payment',
    );
    const close = el('button', { ...buttonStyle, background: 'transparent', color: '#4b5563', border: '0' }, 'Cancel');
    for (const button of [pay, fail, close]) button.type = 'button';
    box.append(badge, title, description, amount, note, cards, status, pay, fail, close);
    overlay.append(box);
    document.body.append(overlay);
    pay.focus();

    function remove() {
      document.removeEventListener('keydown', onKey);
      overlay.remove();
    }
    function dismiss() {
      remove();
      if (options.modal && typeof options.modal.ondismiss === 'function') options.modal.ondismiss();
    }
    function onKey(event) {
      if (event.key === 'Escape') dismiss();
    }
    document.addEventListener('keydown', onKey);

    async function submit(outcome) {
      pay.disabled = true;
      fail.disabled = true;
      status.textContent = 'Processing…';
      try {
        const res = await fetch('/api/sandbox/pay', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ...(subscriptionId ? { subscription_id: subscriptionId } : { order_id: options.order_id }),
            outcome,
            card: cards.querySelector('input:checked')?.value || 'domestic',
          }),
        });
        const body = await res.json();
        if (!res.ok) throw new Error(body.message || 'The sandbox could not take this payment.');
        remove();
        if (outcome === 'captured') {
          options.handler?.(
            subscriptionId
              ? {
                  razorpay_payment_id: body.razorpay_payment_id,
                  razorpay_subscription_id: body.razorpay_subscription_id,
                  razorpay_signature: body.razorpay_signature,
                }
              : {
                  razorpay_order_id: body.razorpay_order_id,
                  razorpay_payment_id: body.razorpay_payment_id,
                  razorpay_signature: body.razorpay_signature,
                },
          );
        } else {
          // The server's answer carries Razorpay's error fields (code, description, source, step, reason).
          const metadata = subscriptionId
            ? { subscription_id: body.razorpay_subscription_id, payment_id: body.razorpay_payment_id }
            : { order_id: body.razorpay_order_id, payment_id: body.razorpay_payment_id };
          handlers['payment.failed']?.({ error: { ...body.error, metadata } });
        }
      } catch (error) {
        status.textContent = error.message;
        pay.disabled = false;
        fail.disabled = false;
      }
    }
    pay.addEventListener('click', () => submit('captured'));
    fail.addEventListener('click', () => submit('failed'));
    close.addEventListener('click', dismiss);
  };
  window.Razorpay = Razorpay;
})();
