import { type MyReview, messages, REVIEW_TEXT_MAX, type ReviewInput, reviewForm } from '@shop/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { useCheckedForm } from '../../app/use-checked-form';
import { errorMessage } from '../../lib/api';
import { schemaCheck } from '../../lib/schema-resolver';
import { useSaveReviewMutation } from './reviews-api';

const starChoices = [5, 4, 3, 2, 1] as const;

type ReviewValues = z.input<typeof reviewForm>;
const checkReview = schemaCheck(reviewForm);
const rules = () => Promise.resolve(checkReview);

/** The owner's rating form (new or edit), with the terms' eight review rules beside it. */
export function ReviewForm({ courseId, mine }: { courseId: string; mine: MyReview | null }) {
  const [save, { isLoading }] = useSaveReviewMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Two fields need no form library (app/use-checked-form.ts): react-hook-form put this chunk at 35 KB.
  const { values, errors, change, submit, form } = useCheckedForm<ReviewValues, ReviewInput>(
    { rating: mine ? String(mine.rating) : undefined, text: mine?.text ?? '' },
    rules,
    ['rating', 'text'],
  );

  const send = submit(async (input) => {
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
      <form ref={form} className="review-form" onSubmit={send} noValidate aria-labelledby="review-form-title">
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
              <input
                type="radio"
                name="rating"
                value={stars}
                checked={values.rating === String(stars)}
                onChange={() => change('rating', String(stars))}
              />
              <span aria-hidden="true">{'★'.repeat(stars)}</span>
              <span className="visually-hidden">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            </label>
          ))}
        </fieldset>
        {errors.rating && (
          <p className="field-error" id="review-rating-error">
            {errors.rating}
          </p>
        )}
        <label htmlFor="review-text">{messages.reviewTextLabel}</label>
        <textarea
          id="review-text"
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? 'review-text-error' : undefined}
          name="text"
          value={values.text}
          onChange={(event) => change('text', event.currentTarget.value)}
        />
        {errors.text && (
          <p className="field-error" id="review-text-error">
            {errors.text}
          </p>
        )}
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <p className="form-notice" role="status">
          {done}
        </p>
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
