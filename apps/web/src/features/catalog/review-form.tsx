import type { MyReview, ReviewInput, reviewForm } from '@shop/shared';
import { messages, REVIEW_TEXT_MAX } from '@shop/shared';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { DoneNotice } from '../../components/ui/done-notice';
import { errorMessage } from '../../lib/api';
import { useSaveReviewMutation } from './reviews-api';

const starChoices = [5, 4, 3, 2, 1] as const;

type ReviewValues = z.input<typeof reviewForm>;
/** The rules (the schema with zod's core) load as their own chunk when the form shows, and wait for a check at the latest. */
const loadRules = () => import('./check-review').then((module) => module.reviewResolver);
const reviewResolver: Resolver<ReviewValues, unknown, ReviewInput> = async (values, context, options) =>
  (await loadRules())(values, context, options);

/** The owner's rating form (new or edit), with the terms' eight review rules beside it. */
export function ReviewForm({ courseId, mine }: { courseId: string; mine: MyReview | null }) {
  const [save, { isLoading }] = useSaveReviewMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReviewValues, unknown, ReviewInput>({
    defaultValues: { rating: mine ? String(mine.rating) : undefined, text: mine?.text ?? '' },
    resolver: reviewResolver,
  });
  useEffect(() => {
    // Loaded again with the first check, where a failure is the sender's to see.
    loadRules().catch(() => undefined);
  }, []);

  const send = handleSubmit(async (input) => {
    setDone(null);
    setFailure(null);
    try {
      setDone((await save({ courseId, input }).unwrap()).message);
    } catch (error) {
      setFailure(errorMessage(error, messages.reviewSaveFailed));
    }
  });

  const title = mine ? messages.reviewEditTitle : messages.reviewFormTitle;
  return (
    <div className="review-compose">
      <form className="review-form" onSubmit={send} noValidate aria-labelledby="review-form-title">
        <h3 id="review-form-title">{title}</h3>
        {mine?.hidden && <p className="review-hidden-note">{messages.reviewHiddenNote}</p>}
        <fieldset
          className="review-stars-choice"
          aria-invalid={errors.rating ? true : undefined}
          aria-describedby={errors.rating ? 'review-rating-error' : undefined}
        >
          <legend>{messages.reviewStarsLabel}</legend>
          {starChoices.map((stars) => (
            <label key={stars}>
              <input type="radio" value={stars} {...register('rating')} />
              <span aria-hidden="true">{'★'.repeat(stars)}</span>
              <span className="visually-hidden">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            </label>
          ))}
        </fieldset>
        {errors.rating && (
          <p className="field-error" id="review-rating-error">
            {errors.rating.message}
          </p>
        )}
        <label htmlFor="review-text">{messages.reviewTextLabel}</label>
        <textarea
          id="review-text"
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? 'review-text-error' : undefined}
          {...register('text')}
        />
        {errors.text && (
          <p className="field-error" id="review-text-error">
            {errors.text.message}
          </p>
        )}
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <DoneNotice lines={done} />
        <button type="submit" className="btn" disabled={isLoading}>
          {messages.reviewSubmit}
        </button>
      </form>
      <aside className="review-rules" aria-labelledby="review-rules-title">
        <h3 id="review-rules-title">{messages.reviewRulesTitle}</h3>
        <ol>
          {messages.reviewRules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      </aside>
    </div>
  );
}
