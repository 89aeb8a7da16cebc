/**
 * Every visible text that SPEC.md quotes, spelt exactly as quoted (typos included:
 * they are the restaurant's copy). A later copy edit is a change to this file only.
 */
export const TEXT = {
  notFoundCode: '404',
  notFound: 'Sorry, we could not find this page.',
  backToHome: 'Back to home',
  allCategory: 'All Category',
  seeMore: 'See more',
  addToCart: 'Add to Cart',
  searchNotFound: 'Search items is not found....!!',
  backMore: 'Back more...',
  loading: 'loading....',
  emptyList: 'Sorry!! You do not Orders any Product pleace booking Orders!!',
  emptyOwnList: 'Sorry!! You do not Orders any Product,,pleace booking Orders!!',
  passwordTooShort: 'Your password must be 6 charecter!!',
  accountNumberWrong: 'Your Account Number is Rong !!!',
  clickedButton: 'You clicked the button!',
  loginSuccess: 'Login successfull!!',
  googleLoginSuccess: 'Google login successfull!!',
  createAccountSuccess: 'Create Account successfull!!',
  logoutSuccess: 'Log-out successfull!!',
  favorite: 'Favorite',
  unfavorite: 'Unfavorite',
  reportSubmit: 'Report Submit',
  allreadyReported: 'Allready Reported',
  confirmOrder: 'Confirm Order',
  close: 'Close',
  paid: 'PAID',
  pay: 'PAY',
  bankAccountNumber: 'Bank Account Number',
  conformOrder: 'Conform Order',
  pendingOrder: 'Pending Order',
  quantiry: 'Quantiry',
  // Column headers of the guest's own lists (SPEC.md §2 "Booking Orders", "Reports Orders").
  columnProductPhoto: 'Product Photo',
  columnPrice: 'Price',
  columnAction: 'Action',
  columnEmail: 'Email',
  columnReportText: 'Report Text',
  allUsersTitle: 'All Users Informations',
  thanksDashboard: 'Thanks for visited Dashboard',
  // Dashboard overview summary cards (SPEC.md §2 "Dashboard overview").
  weeklyBookingConfrom: 'Weekly Booking Confrom',
  weeklyBooking: 'Weekly Booking',
  visitorsOnline: 'Visitors Online',
  // All Users and the per-user lists (SPEC.md §2; issue 5: PAID or Unpaid for admins, no PAY).
  ordersButton: 'Orders',
  favoritesButton: 'Favorites',
  reportsButton: 'Reports',
  deleteButton: 'Delete',
  unpaid: 'Unpaid',
  aboutSection: 'About Section',
  mostPopularItems: 'Most Popular Items',
  ourCategories: 'Our Categories',
  // Header and footer (SPEC.md §2 "Layout").
  navHome: 'Home',
  navMenu: 'Menu',
  navAbout: 'About',
  navDashboard: 'Dashboard',
  login: 'Login',
  signUp: 'SignUp',
  profile: 'Profile',
  settings: 'Settings',
  logout: 'Logout',
  logOutItem: 'Log-out',
  // Beside OK once a dish is in the bag (issue 41, point 1).
  checkout: 'Checkout',
  addedToBag: 'Added to your bag',
  // Home banner buttons (SPEC.md §2 "Home").
  delivery: 'Delivery',
  pickUp: 'Pick Up',
  inRestaurant: 'In Restaurant',
  // About page figures (SPEC.md §1, §9).
  successEventsCount: '235+',
  customersCount: '90k+',
  customers: 'Customers',
  branchCount: '100+',
  branch: 'Branch',
  // ORDERING.md "The bill": the dashboard's page of the day's figures.
  dayReport: 'Day report',
  // The page a guest comes back to from a payment provider (ORDERING.md "Payments").
  paymentReceived: 'Payment received',
  paymentFailed: 'Payment failed',
  paymentWaiting: 'Waiting for the payment…',
  /** A payment that succeeded with nothing (or less) due on its bill: not counted, refunded in full (decision 031, addendum). */
  paymentNotNeeded: 'Payment not needed: refunded in full',
} as const;

/** ORDERING.md "Dish options": the texts its screens quote (the server's refusals say the same). */
export const OPTION_TEXT = {
  /** A required group left without a choice: "Choose Size for Classic Cheeseburger". */
  choose: (group: string, dish: string) => `Choose ${group} for ${dish}`,
  soldOut: 'Sold out',
  required: 'Required',
  /** A value's price beside its name: "+$2.50". */
  addOn: (price: string) => `+${price}`,
} as const;

/** The staff "New order" page (ORDERING.md "Orders taken by staff"). */
/** The Floor (ORDERING.md "The bill": `/staff/tables`): the tables' states and a table's bill. */
export const FLOOR_TEXT = {
  title: 'Floor',
  free: 'Free',
  bookedSoon: 'Booked soon',
  seated: 'Seated',
  billOpen: 'Bill open',
  addItems: 'Add items',
  discount: 'Discount',
  split: 'Split',
  takePayment: 'Take payment',
  printReceipt: 'Print receipt',
  giveBack: 'Give back',
  /** A bill that took more than its total (a cancel, a discount): "Owed back $29.00". */
  owedBack: (amount: string) => `Owed back ${amount}`,
} as const;

/** What a cancel gives back (ORDERING.md "Money that agrees on every screen"), amounts as formatMoney writes them. */
export const CANCEL_MONEY_TEXT = {
  /** "$12.00 was paid in cash: give it back" */
  giveBack: (amount: string, method: string) => `${amount} was paid in ${method}: give it back`,
  refund: (amount: string) => `${amount} paid online is refunded at once`,
  /** The guest's order once its money went back: "Refunded $12.00". */
  refunded: (amount: string) => `Refunded ${amount}`,
} as const;

export const STAFF_ORDER_TEXT = {
  title: 'New order',
  table: 'Table',
  pickup: 'Pick-up',
  delivery: 'Delivery',
  send: 'Send to kitchen',
  newOrder: 'New order',
  noLines: 'Add at least one dish',
} as const;

/** Staff screens that survive the Wi-Fi (SERVICE.md): the header's line, the outbox and its refusals. */
export const OFFLINE_TEXT = {
  offline: 'Offline',
  waiting: (count: number) => `Offline: ${count} ${count === 1 ? 'change' : 'changes'} waiting`,
  sending: (count: number) => `Sending ${count} ${count === 1 ? 'change' : 'changes'}…`,
  allSent: 'All changes sent',
  refusedTitle: 'Not done when sent',
  dismiss: 'Dismiss',
  queued: 'Saved on this tablet: it is sent as soon as the connection is back.',
  orderQueued: 'Order saved on this tablet',
  guestOffline: 'You are offline: ordering needs a connection',
  onlinePaymentOffline: 'Online payments (card, bKash) need the connection.',
} as const;
