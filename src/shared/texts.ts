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

/** docs/reference/ordering.md "Dish options": the texts its screens quote (the server's refusals say the same). */
export const OPTION_TEXT = {
  /** A required group left without a choice: "Choose Size for Classic Cheeseburger". */
  choose: (group: string, dish: string) => t('option.choose', 'Choose {{group}} for {{dish}}', { group, dish }),
  get soldOut() {
    return t('option.soldOut', 'Sold out');
  },
  get required() {
    return t('option.required', 'Required');
  },
  /** A value's price beside its name: "+$2.50". */
  addOn: (price: string) => t('option.addOn', '+{{price}}', { price }),
};

/** The staff "New order" page (docs/reference/ordering.md "Orders taken by staff"). */
/** The Floor (docs/reference/ordering.md "The bill": `/staff/tables`): the tables' states and a table's bill. */
export const FLOOR_TEXT = {
  get title() {
    return t('floor.title', 'Floor');
  },
  get free() {
    return t('floor.free', 'Free');
  },
  get bookedSoon() {
    return t('floor.bookedSoon', 'Booked soon');
  },
  get seated() {
    return t('floor.seated', 'Seated');
  },
  get billOpen() {
    return t('floor.billOpen', 'Bill open');
  },
  get addItems() {
    return t('floor.addItems', 'Add items');
  },
  get discount() {
    return t('floor.discount', 'Discount');
  },
  get split() {
    return t('floor.split', 'Split');
  },
  get takePayment() {
    return t('floor.takePayment', 'Take payment');
  },
  get printReceipt() {
    return t('floor.printReceipt', 'Print receipt');
  },
  get giveBack() {
    return t('floor.giveBack', 'Give back');
  },
  /** A bill that took more than its total (a cancel, a discount): "Owed back $29.00". */
  owedBack: (amount: string) => t('floor.owedBack', 'Owed back {{amount}}', { amount }),
};

/** What a cancel gives back (docs/reference/ordering.md "Money that agrees on every screen"), amounts as formatMoney writes them. */
export const CANCEL_MONEY_TEXT = {
  /** "$12.00 was paid in cash: give it back" */
  giveBack: (amount: string, method: string) =>
    t('cancelMoney.giveBack', '{{amount}} was paid in {{method}}: give it back', { amount, method }),
  refund: (amount: string) => t('cancelMoney.refund', '{{amount}} paid online is refunded at once', { amount }),
  /** The guest's order once its money went back: "Refunded $12.00". */
  refunded: (amount: string) => t('cancelMoney.refunded', 'Refunded {{amount}}', { amount }),
};

export const STAFF_ORDER_TEXT = {
  get title() {
    return t('staffOrder.title', 'New order');
  },
  get table() {
    return t('staffOrder.table', 'Table');
  },
  get pickup() {
    return t('staffOrder.pickup', 'Pick-up');
  },
  get delivery() {
    return t('staffOrder.delivery', 'Delivery');
  },
  get send() {
    return t('staffOrder.send', 'Send to kitchen');
  },
  get newOrder() {
    return t('staffOrder.newOrder', 'New order');
  },
  get noLines() {
    return t('staffOrder.noLines', 'Add at least one dish');
  },
};

/** Staff screens that survive the Wi-Fi (docs/reference/service.md): the header's line, the outbox and its refusals. */
export const OFFLINE_TEXT = {
  get offline() {
    return t('offline.offline', 'Offline');
  },
  /** `number` writes the count in the page's digits (`useNumbers`). */
  waiting: (count: number, number: (n: number) => string = String) =>
    count === 1
      ? t('offline.waitingOne', 'Offline: {{n}} change waiting', { n: number(count) })
      : t('offline.waitingMany', 'Offline: {{n}} changes waiting', { n: number(count) }),
  sending: (count: number, number: (n: number) => string = String) =>
    count === 1
      ? t('offline.sendingOne', 'Sending {{n}} change…', { n: number(count) })
      : t('offline.sendingMany', 'Sending {{n}} changes…', { n: number(count) }),
  get allSent() {
    return t('offline.allSent', 'All changes sent');
  },
  get refusedTitle() {
    return t('offline.refusedTitle', 'Not done when sent');
  },
  get dismiss() {
    return t('offline.dismiss', 'Dismiss');
  },
  get queued() {
    return t('offline.queued', 'Saved on this tablet: it is sent as soon as the connection is back.');
  },
  get orderQueued() {
    return t('offline.orderQueued', 'Order saved on this tablet');
  },
  get guestOffline() {
    return t('offline.guestOffline', 'You are offline: ordering needs a connection');
  },
  get onlinePaymentOffline() {
    return t('offline.onlinePaymentOffline', 'Online payments (card, bKash) need the connection.');
  },
};
