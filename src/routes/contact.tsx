import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@/features/contact/contact-page';
import { RouteError } from '@/features/layout/route-error';

/** `/contact`: the "Contact us" form, public, linked from the footer (product.md#screens). */
export const Route = createFileRoute('/contact')({
  errorComponent: RouteError,
  component: function ContactRoute() {
    const { api } = Route.useRouteContext();
    return <ContactPage api={api} />;
  },
});
