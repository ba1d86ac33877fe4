import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { SsoCallbackScreen } from '@/features/auth/sso-callback-page';
import { lenient, parseSearch } from '@/lib/route-flags';

const text = (max: number) => lenient(v.pipe(v.string(), v.minLength(1), v.maxLength(max)));
const searchSchema = v.object({
  state: text(512),
  code: text(4096),
  iss: text(2000),
  error: text(200),
  error_description: text(2000),
});

/**
 * `/sso/ma` and `/sso/qa`: the redirect URI registered at the MA and QA directories. Hands the
 * directory's answer (`code`, `state`, `iss`, or `error`) to the auth actor, which finishes the
 * federated sign-in on the server, then leaves for the page asked for or the landing page.
 */
export const Route = createFileRoute('/sso/$provider')({
  validateSearch: (search) => parseSearch(searchSchema, search),
  beforeLoad: ({ params }) => {
    if (params.provider !== 'ma' && params.provider !== 'qa') throw notFound();
  },
  staticData: { hideHeaderFooter: true },
  component: function SsoCallbackRoute() {
    const { auth } = Route.useRouteContext();
    const { provider } = Route.useParams();
    const search = Route.useSearch();
    return <SsoCallbackScreen auth={auth} provider={provider === 'ma' ? 'MA' : 'QA'} answer={search} />;
  },
});
