import { BelowFold } from '@client/components/ui/below-fold.tsx';
import { HydrateLater } from '@client/components/ui/hydrate-later.tsx';
import { PopularProducts } from '@client/features/catalog/components/popular-products.tsx';
import { AboutSection } from '@client/features/marketing/components/about-section.tsx';
import { AppDownload } from '@client/features/marketing/components/app-download.tsx';
import { Faq } from '@client/features/marketing/components/faq.tsx';
import { ProcessSteps } from '@client/features/marketing/components/process-steps.tsx';
import { StatsBlock } from '@client/features/marketing/components/stats-block.tsx';
import { Testimonials } from '@client/features/marketing/components/testimonials.tsx';
import { VisitUs } from '@client/features/restaurant/components/visit-us.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /about : everything docs/reference/storefront.md §1 lists for the about page. */
export function AboutRoute() {
  useDocumentTitle(t('head.about', 'About us'));
  return (
    <>
      <AboutSection />
      {/* Under the story on a phone: it hydrates after the first screen. */}
      <HydrateLater>
        <VisitUs />
      </HydrateLater>
      {/* Below the first screen on any device. */}
      <BelowFold>
        <ProcessSteps />
      </BelowFold>
      <BelowFold>
        <PopularProducts />
      </BelowFold>
      <BelowFold>
        <StatsBlock />
      </BelowFold>
      <BelowFold>
        <Testimonials />
      </BelowFold>
      <BelowFold>
        <Faq />
      </BelowFold>
      <BelowFold>
        <AppDownload />
      </BelowFold>
    </>
  );
}
