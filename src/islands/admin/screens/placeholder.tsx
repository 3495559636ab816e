/** Screens that a later issue builds (users, retreats): their title and a note, inside the real frame. */
import { matchAdminRoute } from '../routes';
import { useLocation } from '../router';
import { ScreenHeading } from '../shell';

export default function Placeholder() {
  const { route } = matchAdminRoute(useLocation().pathname);
  return (
    <>
      <ScreenHeading title={route?.title ?? ''} />
      <p className="mt-6 rounded-2xl bg-sand-100 p-6 text-ink-600" data-placeholder>
        Tulekul
      </p>
    </>
  );
}
