import { OrderingPausedNotice } from '@client/components/ui/ordering-paused.tsx';
import { BelowFold } from '@client/components/ui/below-fold.tsx';
import { CategoryDishes } from '@client/features/catalog/components/category-dishes.tsx';
import { BranchChoice } from '@client/features/branches/components/branch-choice.tsx';
import { ClosedNowNotice } from '@client/features/restaurant/components/closed-now.tsx';
import { HomeBanner } from '@client/features/marketing/components/home-banner.tsx';
import { OurCategories } from '@client/features/marketing/components/our-categories.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { t } from '@shared/i18n/i18n.ts';

/** / : banner, "Choose your branch" (from the second branch on), Our Categories, and the dish section with its category tabs. */
export function HomeRoute() {
  useDocumentTitle(t('head.home', 'Order food and book a table'));
  return (
    <>
      <ClosedNowNotice />
      <OrderingPausedNotice className="mx-auto mt-4 max-w-7xl rounded-box max-sm:mx-4" />
      <HomeBanner />
      <BranchChoice />
      {/* Below the banner on a phone. */}
      <BelowFold>
        <OurCategories />
      </BelowFold>
      <BelowFold>
        <CategoryDishes />
      </BelowFold>
    </>
  );
}
