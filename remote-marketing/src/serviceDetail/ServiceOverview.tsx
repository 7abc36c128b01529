import { Icon } from '../components/Icon';
import { Section } from '../components/Section';
import type { ServiceEntry } from '../content/serviceEntry';
import './ServiceOverview.css';

/** What the service is (overview) beside what it brings (the five benefits). */
export function ServiceOverview({ service }: { service: ServiceEntry }) {
  return (
    <Section labelledBy="service-overview-title" className="marketing-service-overview">
      <div>
        <h2 id="service-overview-title" className="marketing-service-overview__title">
          {service.overview.title}
        </h2>
        <p className="marketing-service-overview__text">{service.overview.description}</p>
      </div>
      {/* A div, not an aside: a complementary landmark may not sit inside main. */}
      <div className="marketing-service-benefits">
        <h2 id="service-benefits-title" className="marketing-service-benefits__title">
          {service.benefits.title}
        </h2>
        <ul className="marketing-service-benefits__list">
          {service.benefits.items.map((benefit) => (
            <li key={benefit} data-testid="service-benefit">
              <Icon name="check" size={20} className="marketing-service-benefits__mark" />
              {benefit}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
