import { type FormEvent, useEffect, useRef, useState } from 'react';
import { usePainted } from '../components/ui/use-painted';
import type { FormCheck } from '../lib/schema-resolver';

/**
 * A form that keeps its own values, for the two forms a buyer meets on a course's way to them: the
 * checkout's billing details and the review form. react-hook-form's `useForm` is 12.5 KB gzip and does not
 * shake; with it those pages' scripts were 35 KB, over the 30 KB a route may take on a cheap phone (issue
 * 19, decision 0026). The other forms keep react-hook-form. It behaves as they do: messages appear when the
 * form is sent, the first field with one takes the focus (fields are found by their `name`, in `fields`'
 * order), and after that first try each change checks the form again.
 *
 * `loadCheck` gives the rules; the checkout loads them (zod's core) as their own chunk once the page has
 * painted, so they are there before anyone can have filled the form in, and at the latest when it is sent.
 */
export function useCheckedForm<Values extends object, Output>(
  initial: Values,
  loadCheck: () => Promise<FormCheck<Values, Output>>,
  fields: readonly (keyof Values & string)[],
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  // The values as of the last change, not of the last render: autofill changes several fields at once.
  const latest = useRef(initial);
  const check = useRef<FormCheck<Values, Output> | null>(null);
  const tried = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const painted = usePainted();
  const load = useRef(loadCheck);
  useEffect(() => {
    if (!painted) return;
    load.current().then(
      (loaded) => {
        check.current = loaded;
      },
      // Loaded again when the form is sent, where a failure is the sender's to see.
      () => undefined,
    );
  }, [painted]);

  const change = <K extends keyof Values>(name: K, value: Values[K]) => {
    latest.current = { ...latest.current, [name]: value };
    setValues(latest.current);
    if (tried.current && check.current) {
      const result = check.current(latest.current);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  /** The form's `onSubmit`: `onValid` gets the rules' output, or the messages show and the first field takes the focus. */
  const submit = (onValid: (output: Output) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    tried.current = true;
    const run = (rules: FormCheck<Values, Output>) => {
      check.current = rules;
      const result = rules(latest.current);
      if (result.ok) {
        setErrors({});
        onValid(result.output);
        return;
      }
      setErrors(result.errors);
      const first = fields.find((name) => result.errors[name]);
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    };
    if (check.current) run(check.current);
    else void load.current().then(run);
  };

  return { values, errors, change, submit, form };
}
