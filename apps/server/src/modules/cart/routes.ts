import {
  cartChangeResponse,
  cartItemBody,
  cartPaths,
  errorResponse,
  getCartResponse,
  mergeCartBody,
  mergeCartResponse,
  messages,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { addBundleToCart } from './add-bundle-to-cart.js';
import { addToCart } from './add-to-cart.js';
import { getCart } from './get-cart.js';
import { mergeCart } from './merge-cart.js';
import { removeBundleFromCart } from './remove-bundle-from-cart.js';
import { removeFromCart } from './remove-from-cart.js';

/** A cart answer is a few hundred bytes per course: compressing it is not worth its per-call hooks. */
const small = { compress: false } as const;

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The signed-in learner's own cart; nobody reaches another user's cart (there is no user id in any path). */
export const cartRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    cartPaths.cart,
    { ...small, schema: { response: { 200: getCartResponse, 401: errorResponse } } },
    async (request) => {
      const user = requireUser(request);
      return { ok: true as const, cart: await getCart(db, user.id) };
    },
  );

  app.post(
    cartPaths.add,
    {
      ...small,
      schema: { body: cartItemBody, response: { 200: cartChangeResponse, ...refusals, 409: errorResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const { courseId, bundleId, cohortId } = request.body;
      if (bundleId) await addBundleToCart(db, user.id, bundleId);
      else await addToCart(db, user.id, courseId as string, cohortId);
      return { ok: true as const, message: messages.addedToCart, cart: await getCart(db, user.id) };
    },
  );

  app.post(
    cartPaths.remove,
    { ...small, schema: { body: cartItemBody, response: { 200: cartChangeResponse, ...refusals } } },
    async (request) => {
      const user = requireUser(request);
      const { courseId, bundleId } = request.body;
      if (bundleId) await removeBundleFromCart(db, user.id, bundleId);
      else await removeFromCart(db, user.id, courseId as string);
      const message = bundleId ? messages.bundleRemovedFromCart : messages.courseRemovedFromCart;
      return { ok: true as const, message, cart: await getCart(db, user.id) };
    },
  );

  app.post(
    cartPaths.merge,
    { ...small, schema: { body: mergeCartBody, response: { 200: mergeCartResponse, ...refusals } } },
    async (request) => {
      const user = requireUser(request);
      const added = await mergeCart(db, user.id, request.body.courseIds, request.body.cohorts);
      return { ok: true as const, added, cart: await getCart(db, user.id) };
    },
  );
};
