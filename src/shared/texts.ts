import { t } from './i18n/i18n.ts';

/**
 * Every visible text that docs/reference/storefront.md quotes, spelt exactly as quoted (typos included:
 * they are the restaurant's copy). Each is a message of the catalogs (src/shared/i18n,
 * docs/decisions/045): read in the current language, English as quoted here.
 */
export const TEXT = {
  get notFoundCode() {
    return t('text.notFoundCode', '404');
  },
  get notFound() {
    return t('text.notFound', 'Sorry, we could not find this page.');
  },
  get backToHome() {
    return t('text.backToHome', 'Back to home');
  },
  get allCategory() {
    return t('text.allCategory', 'All Category');
  },
  get seeMore() {
    return t('text.seeMore', 'See more');
  },
  get addToCart() {
    return t('text.addToCart', 'Add to Cart');
  },
  get searchNotFound() {
    return t('text.searchNotFound', 'Search items is not found....!!');
  },
  get backMore() {
    return t('text.backMore', 'Back more...');
  },
  get loading() {
    return t('text.loading', 'loading....');
  },
  get emptyList() {
    return t('text.emptyList', 'Sorry!! You do not Orders any Product pleace booking Orders!!');
  },
  get emptyOwnList() {
    return t('text.emptyOwnList', 'Sorry!! You do not Orders any Product,,pleace booking Orders!!');
  },
  get passwordTooShort() {
    return t('text.passwordTooShort', 'Your password must be 6 charecter!!');
  },
  get accountNumberWrong() {
    return t('text.accountNumberWrong', 'Your Account Number is Rong !!!');
  },
  get clickedButton() {
    return t('text.clickedButton', 'You clicked the button!');
  },
  get loginSuccess() {
    return t('text.loginSuccess', 'Login successfull!!');
  },
  get googleLoginSuccess() {
    return t('text.googleLoginSuccess', 'Google login successfull!!');
  },
  get createAccountSuccess() {
    return t('text.createAccountSuccess', 'Create Account successfull!!');
  },
  get logoutSuccess() {
    return t('text.logoutSuccess', 'Log-out successfull!!');
  },
  get favorite() {
    return t('text.favorite', 'Favorite');
  },
  get unfavorite() {
    return t('text.unfavorite', 'Unfavorite');
  },
  get reportSubmit() {
    return t('text.reportSubmit', 'Report Submit');
  },
  get allreadyReported() {
    return t('text.allreadyReported', 'Allready Reported');
  },
  get confirmOrder() {
    return t('text.confirmOrder', 'Confirm Order');
  },
  get close() {
    return t('text.close', 'Close');
  },
  get paid() {
    return t('text.paid', 'PAID');
  },
  get pay() {
    return t('text.pay', 'PAY');
  },
  get bankAccountNumber() {
    return t('text.bankAccountNumber', 'Bank Account Number');
  },
  get conformOrder() {
    return t('text.conformOrder', 'Conform Order');
  },
  get pendingOrder() {
    return t('text.pendingOrder', 'Pending Order');
  },
  get quantiry() {
    return t('text.quantiry', 'Quantiry');
  },
  // Column headers of the guest's own lists (docs/reference/storefront.md §2 "Booking Orders", "Reports Orders").
  get columnProductPhoto() {
    return t('text.columnProductPhoto', 'Product Photo');
  },
  get columnPrice() {
    return t('text.columnPrice', 'Price');
  },
  get columnAction() {
    return t('text.columnAction', 'Action');
  },
  get columnEmail() {
    return t('text.columnEmail', 'Email');
  },
  get columnReportText() {
    return t('text.columnReportText', 'Report Text');
  },
  get allUsersTitle() {
    return t('text.allUsersTitle', 'All Users Informations');
  },
  get thanksDashboard() {
    return t('text.thanksDashboard', 'Thanks for visited Dashboard');
  },
  // Dashboard overview summary cards (docs/reference/storefront.md §2 "Dashboard overview").
  get weeklyBookingConfrom() {
    return t('text.weeklyBookingConfrom', 'Weekly Booking Confrom');
  },
  get weeklyBooking() {
    return t('text.weeklyBooking', 'Weekly Booking');
  },
  get visitorsOnline() {
    return t('text.visitorsOnline', 'Visitors Online');
  },
  // All Users and the per-user lists (docs/reference/storefront.md §2; issue 5: PAID or Unpaid for admins, no PAY).
  get ordersButton() {
    return t('text.ordersButton', 'Orders');
  },
  get favoritesButton() {
    return t('text.favoritesButton', 'Favorites');
  },
  get reportsButton() {
    return t('text.reportsButton', 'Reports');
  },
  get deleteButton() {
    return t('text.deleteButton', 'Delete');
  },
  get unpaid() {
    return t('text.unpaid', 'Unpaid');
  },
  get aboutSection() {
    return t('text.aboutSection', 'About Section');
  },
  get mostPopularItems() {
    return t('text.mostPopularItems', 'Most Popular Items');
  },
  get ourCategories() {
    return t('text.ourCategories', 'Our Categories');
  },
  // Header and footer (docs/reference/storefront.md §2 "Layout").
  get navHome() {
    return t('text.navHome', 'Home');
  },
  get navMenu() {
    return t('text.navMenu', 'Menu');
  },
  get navAbout() {
    return t('text.navAbout', 'About');
  },
  get navDashboard() {
    return t('text.navDashboard', 'Dashboard');
  },
  get login() {
    return t('text.login', 'Login');
  },
  get signUp() {
    return t('text.signUp', 'SignUp');
  },
  get profile() {
    return t('text.profile', 'Profile');
  },
  get settings() {
    return t('text.settings', 'Settings');
  },
  get logout() {
    return t('text.logout', 'Logout');
  },
  get logOutItem() {
    return t('text.logOutItem', 'Log-out');
  },
  // Beside OK once a dish is in the bag (issue 41, point 1).
  get checkout() {
    return t('text.checkout', 'Checkout');
  },
  get addedToBag() {
    return t('text.addedToBag', 'Added to your bag');
  },
  // Home banner buttons (docs/reference/storefront.md §2 "Home").
  get delivery() {
    return t('text.delivery', 'Delivery');
  },
  get pickUp() {
    return t('text.pickUp', 'Pick Up');
  },
  get inRestaurant() {
    return t('text.inRestaurant', 'In Restaurant');
  },
  // About page figures (docs/reference/storefront.md §1, §9).
  get successEventsCount() {
    return t('text.successEventsCount', '235+');
  },
  get customersCount() {
    return t('text.customersCount', '90k+');
  },
  get customers() {
    return t('text.customers', 'Customers');
  },
  get branchCount() {
    return t('text.branchCount', '100+');
  },
  get branch() {
    return t('text.branch', 'Branch');
  },
  // docs/reference/ordering.md "The bill": the dashboard's page of the day's figures.
  get dayReport() {
    return t('text.dayReport', 'Day report');
  },
  // Issue 60: the audit trail's page, per staff member and day.
  get voidsAndDiscounts() {
    return t('text.voidsAndDiscounts', 'Voids and discounts');
  },
  // The page a guest comes back to from a payment provider (docs/reference/ordering.md "Payments").
  get paymentReceived() {
    return t('text.paymentReceived', 'Payment received');
  },
  get paymentFailed() {
    return t('text.paymentFailed', 'Payment failed');
  },
  get paymentWaiting() {
    return t('text.paymentWaiting', 'Waiting for the payment…');
  },
  /** A payment that succeeded with nothing (or less) due on its bill: not counted, refunded in full (decision 031, addendum). */
  get paymentNotNeeded() {
    return t('text.paymentNotNeeded', 'Payment not needed: refunded in full');
  },
};
