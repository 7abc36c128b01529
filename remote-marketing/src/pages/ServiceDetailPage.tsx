import { Navigate, useLocation, useParams } from 'shared-router';
import { resolveServiceId, serviceRoute } from '../content/serviceIds';
import { ServiceDetail } from '../serviceDetail/ServiceDetail';

/**
 * /services/:serviceId. A known id shows its page; an alias (/services/content) moves to the real
 * id and any other id to /services, both replacing the history entry so Back skips the detour.
 */
export default function ServiceDetailPage() {
  const { serviceId } = useParams();
  const { search } = useLocation();
  const resolution = resolveServiceId(serviceId);
  if (resolution.kind === 'unknown') return <Navigate to={{ pathname: '/services', search }} replace />;
  if (resolution.kind === 'alias') {
    return <Navigate to={{ pathname: serviceRoute(resolution.id), search }} replace />;
  }
  return <ServiceDetail key={resolution.id} id={resolution.id} />;
}
