import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { PagePending } from '@/components/ui/spinner';
import { waitFor } from 'xstate';
import { selectIsLoggedIn, selectIsRestoring } from '@machines/auth.selectors';
import { NotFoundPage, RouteError } from '@/features/layout/route-error';
import { loadData, parseId } from '@/lib/load';
import { EnrollPanel } from '@/features/payments/enroll-panel';
import { SessionPage } from '@/features/sessions/session-page';
import { WaitlistPanel } from '@/features/waitlist/waitlist-panel';
import { lenient, parseSearch } from '@/lib/route-flags';

const searchSchema = v.object({
  /** `wallet`: open the checkout at once, on the wallet (the learner comes back from topping it up). */
  pay: lenient(v.picklist(['wallet'])),
});

/**
 * `/sessions/$sessionId?pay=wallet`: session info and syllabus. Signed-in users get the secured
 * variants (their enrollment, lesson links when enrolled); visitors the public ones. `pay=wallet`
 * opens the checkout on the wallet (back from a top-up).
 */
export const Route = createFileRoute('/sessions/$sessionId')({
  // A sales page: the server writes its title and tags; no default head (product.md#screens).
  staticData: { salesPage: true },
  params: {
    parse: ({ sessionId }) => ({ sessionId: parseId(sessionId) }),
    stringify: ({ sessionId }) => ({ sessionId: String(sessionId) }),
  },
  validateSearch: (search) => parseSearch(searchSchema, search),
  loader: async ({ context: { api, auth }, params: { sessionId } }) => {
    if (Number.isNaN(sessionId)) throw notFound();
    const params = { path: { id: sessionId } };
    // Once the cookie has been read: signed-in users get the secured variants.
    const snapshot = await waitFor(auth, (s) => !selectIsRestoring(s));
    const secured = selectIsLoggedIn(snapshot);
    const [session, syllabus] = await Promise.all([
      loadData(
        secured ? api.GET('/sessions/{id}/info/secured', { params }) : api.GET('/sessions/{id}/info', { params }),
      ),
      loadData(
        secured
          ? api.GET('/sessions/{id}/syllabus/secured', { params })
          : api.GET('/sessions/{id}/syllabus', { params }),
      ),
    ]);
    return { session, syllabus };
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
  component: function SessionRoute() {
    const { pay } = Route.useSearch();
    return (
      <SessionPage
        data={Route.useLoaderData()}
        enrollPanel={(session) => (
          <EnrollPanel session={session} payWith={pay} waitlist={<WaitlistPanel courseId={session.course.id} />} />
        )}
      />
    );
  },
});
