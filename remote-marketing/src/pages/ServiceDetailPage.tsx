import { Navigate, useLocation, useParams } from 'shared-router';
import { resolveServiceId, serviceRoute } from '../content/serviceIds';
import { ServiceDetail } from '../serviceDetail/ServiceDetail';

/**
 * Where /services/:serviceId sends the visitor instead of showing it: an alias (/services/content)
 * to its real id, any other unknown id to /services. The shell's server answers it with a
 * permanent redirect; in the browser the page below replaces the history entry.
 */
export function redirectFor(params: Readonly<Record<string, string | undefined>>): string | null {
  const resolution = resolveServiceId(params.serviceId);
  if (resolution.kind === 'unknown') return '/services';
  if (resolution.kind === 'alias') return serviceRoute(resolution.id);
  return null;
}

/** /services/:serviceId: a known id shows its page; others move on, so Back skips the detour. */
export default function ServiceDetailPage() {
  const params = useParams();
  const { search } = useLocation();
  const redirect = redirectFor(params);
  if (redirect) return <Navigate to={{ pathname: redirect, search }} replace />;
  const resolution = resolveServiceId(params.serviceId);
  return resolution.kind === 'known' ? <ServiceDetail key={resolution.id} id={resolution.id} /> : null;
}
