import { messages, pageMeta } from '@shop/shared';
import { Link } from 'wouter';
import { Price } from '../../components/ui/price';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useGetPlansQuery } from './api';
import { PlanIncludes } from './plan-includes';
import { perPeriod, trialLine } from './plan-terms';
import './memberships.css';

/** /memberships: the published plans, each with its price per period and what it includes. */
export default function MembershipsPage() {
  useDocumentMeta(pageMeta.memberships.title, pageMeta.memberships.description);
  const { data: plans, isLoading, isError } = useGetPlansQuery();
  return (
    <section className="section memberships">
      <div className="container">
        <h1>{messages.membershipsTitle}</h1>
        <p className="memberships-intro">{messages.membershipsIntro}</p>
        {isLoading ? (
          <p className="state-message">{messages.loading}</p>
        ) : isError ? (
          <p className="state-message" role="alert">
            {messages.membershipsFailed}
          </p>
        ) : !plans || plans.length === 0 ? (
          <p className="state-message">{messages.membershipsEmpty}</p>
        ) : (
          <ul className="plan-cards">
            {plans.map((plan) => {
              const trial = trialLine(plan);
              return (
                <li key={plan.id} className="plan-card">
                  <img src={plan.thumb} alt="" width="350" height="219" loading="lazy" />
                  <div className="plan-card-body">
                    <h2>
                      <Link to={`/memberships/${plan.id}`}>{plan.title}</Link>
                    </h2>
                    <p className="plan-price">
                      <Price rupees={plan.price} className="price price-large" /> {perPeriod(plan.period)}
                    </p>
                    {trial && <p className="plan-trial">{trial}</p>}
                    <p>{plan.description}</p>
                    <PlanIncludes plan={plan} />
                    <Link
                      to={`/memberships/${plan.id}`}
                      className="btn"
                      aria-label={`${messages.planSeeDetails}: ${plan.title}`}
                    >
                      {messages.planSeeDetails}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <p className="course-disclaimer" role="note">
          {messages.investmentDisclaimer}
        </p>
      </div>
    </section>
  );
}
