// Server-side texts in both languages. Accept-Language picks one; ru is the default.
// Texts that screens match literally (e.g. `Must be a valid UUID.`, `wrong persons number`)
// are contract strings and stay in English in both languages: see docs/decisions.md.

import { formatDay } from '../../domain/dates';
import type { Label } from '../../domain/enumLabels';
import { formatMoney, type Currency } from '../../domain/money';
import { PERMISSION_LABELS, ROLE_LABELS } from '../../domain/staff';

export type Lang = 'ru' | 'en';

const en = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  invalid: 'Invalid value.',
  invalid_string: 'Not a valid string.',
  invalid_number: 'A valid number is required.',
  invalid_integer: 'A valid integer is required.',
  invalid_boolean: 'Must be a valid boolean.',
  invalid_object: 'Invalid data. Expected a dictionary.',
  invalid_list: 'Expected a list of items.',
  invalid_email: 'Enter a valid email address.',
  invalid_uuid: 'Must be a valid UUID.',
  invalid_phone: 'Digits only, with an optional leading plus',
  invalid_choice: 'Not a valid choice.',
  max_length: 'Ensure this field has no more than %{max} characters.',
  min_length: 'Ensure this field has at least %{min} characters.',
  max_value: 'Ensure this value is less than or equal to %{max}.',
  min_value: 'Ensure this value is greater than or equal to %{min}.',
  unknown_field: 'Unknown field.',
  parse_error: 'JSON parse error - %{reason}',
  unsupported_media_type: 'Unsupported media type "%{type}" in request.',
  too_large: 'Request body is too large.',
  too_deeply_nested: 'The request nests objects and lists more than %{max} levels deep.',
  not_authenticated: 'Authentication credentials were not provided.',
  invalid_token: 'Invalid token.',
  invalid_ticket: 'Invalid or expired stream ticket.',
  live_streams_limit: 'Too many open event streams of this user (at most %{max}). Close some of the app\'s tabs.',
  live_tickets_limit: 'Too many unused stream tickets of this user (at most %{max}). Try again in %{seconds} seconds.',
  permission_denied: 'You do not have permission to perform this action.',
  not_found: 'Not found.',
  method_not_allowed: 'Method "%{method}" not allowed.',
  throttled: 'Request was throttled. Expected available in %{seconds} seconds.',
  server_error: 'A server error occurred.',
  database_unavailable: 'The database is unreachable right now: try again in a few seconds.',
  login_failed: 'Unable to log in with provided credentials.',
  logged_out: 'Logged out.',
  email_taken: 'A user with this email already exists.',
  password_mismatch: 'Passwords do not match.',
  current_password_required: 'Enter your current password to change the email.',
  current_password_wrong: 'The current password is wrong.',
  reset_sent: 'If an account with this email exists, a password reset link has been sent to it.',
  reset_done: 'Your password has been changed.',
  reset_key_invalid: 'This password reset link is invalid or has expired.',
  avatar_type: 'Upload a valid image: PNG, JPEG, WebP or GIF.',
  avatar_size: 'The image is larger than %{max} MB.',
  edit_only_self: 'You can edit only your own profile.',
  invalid_time: 'Enter a time as HH:mm.',
  invalid_date: 'Enter a date as YYYY-MM-DD.',
  invalid_price: 'Enter a price: digits with a comma or dot, 1 to 20 characters.',
  price_negative: 'A price cannot be negative.', // #42
  setup_done: 'This installation is already set up: its setup link has been used. Sign in with your account.', // #42
  setup_link_invalid: 'This setup link is wrong or has expired (a link works for 24 hours). Restart the server: while there is no account, it writes a new link to its log.', // #42
  price_kind: 'Set either a session price or a per-person price.',
  pricing_time_unique: 'Another pricing row already starts at this time.',
  overlap_too_big: 'The overlap must be shorter than the session.',
  items_overlap: 'This item overlaps another item on the same day type.',
  item_past_day_end: 'An item must end by 06:00, when the next business day begins.',
  day_types_unique: 'Each day type may appear only once.',
  schedule_start_taken: 'Another enabled schedule of this group starts on this date.',
  group_has_schedules: 'The group has schedules. Delete them first; its playgrounds then become ungrouped.',
  group_name_taken: 'A group with this name already exists at this location.',
  webhook_url_taken: 'This location already has a webhook with this URL.',
  holiday_exists: 'This date is already in the holiday calendar.',
  value_taken: 'This location already has this value.',
  date_range: 'Choose a date from %{min} to %{max}.',
  wrong_persons: 'wrong persons number',
  free_sessions_not_found: 'Free sessions not found for this event on this location at given time',
  null_payment: 'null payment',
  seller_not_found: 'not found',
  invalid_datetime: 'Enter a date and time as YYYY-MM-DD HH:mm.',
  date_out_of_range: 'Enter a date from 1900-01-01 to 2999-12-31.',
  null_character: 'Null characters are not allowed.',
  text_too_long: 'Ensure this field has no more than 20000 characters.',
  invalid_input: 'Invalid input: the value cannot be stored.',
  bad_url: 'Malformed URL: invalid percent-encoding.',
  cancel_delay_required: 'Set how many minutes the unpaid order is kept before it is cancelled.',
  game_required: 'Choose a game: this session is priced per person.',
  game_not_available: 'This game is not available at this location.',
  order_closed: 'The order is cancelled or its session has passed; it cannot be changed.',
  order_not_payable: 'A cancelled order cannot be paid.',
  overpayment: 'The amount is more than is left to pay: %{max}.',
  certificate_currency: 'The certificate is in %{currency}; this order is paid in %{order_currency}.',
  order_fully_paid: 'The order is already paid in full.',
  idempotency_key_invalid: 'The Idempotency-Key header must be 1 to 200 visible characters.',
  idempotency_key_reused: 'This Idempotency-Key was already used for another request.',
  certificate_required: 'Enter the certificate number.',
  certificate_not_found: 'Certificate not found.',
  certificate_inactive: 'The certificate is not active.',
  certificate_expired: 'The certificate has expired.',
  certificate_used: 'The certificate has been used up.',
  certificate_insufficient: 'The certificate has only %{remaining} left.',
  promocode_invalid: 'Promo code not found.',
  promocode_inactive: 'The promo code is switched off.',
  promocode_not_started: 'The promo code is valid from %{date}.',
  promocode_expired: 'The promo code expired on %{date}.',
  promocode_exhausted: 'The promo code has been used the maximum number of times.',
  slot_locked: 'Someone else is booking this session right now. Try again in a moment.',
  busy: 'Someone else is changing this right now. Try again in a moment.',
  payment_type_invalid: 'Choose cash, certificate, bill or card.',
  invalid_cost: 'Enter the cost: digits with a comma or dot.',
  invalid_persons: 'Enter the number of persons in digits.',
  sessions_required: 'Choose at least one session.',
  event_not_available: 'This location sells no events.',
  event_package_required: 'Choose an event package.',
  not_multisession: 'This order is a single booking; edit it with the booking form.',
  only_manual_hidden: 'Only manual payments (type 7) can be hidden.',
  date_order: 'The end date must not be before the start date.',
  refund_too_big: 'At most %{max} of this transaction is left to refund.',
  refund_of_refund: 'A refund cannot be refunded.',
  certificate_not_activatable: 'Only an unpaid certificate can be activated.',
  certificate_not_resendable: 'Only an active certificate can be sent again.',
  certificate_mail_subject: 'Your gift certificate',
  bill_mail_subject: 'Payment link for order №%{id} at %{location}',
  bill_mail_text: 'Hello, %{name}!\n\nTo pay %{amount} for your order №%{id} at %{location}, open this link:\n%{link}\n\nThe order is paid once the payment goes through.',
  certificate_mail_text: 'Hello, %{name}!\n\nYour gift certificate %{number} for %{rate} is active until %{until}.\nShow this number at %{location} to pay for your game.\n\nHave a great time!',
  refill_not_allowed: 'Top-ups are not available for this location.',
  payment_provider_off: 'Payment links are not available: no payment provider is configured.',
  // #42 The widget without a provider where a prepayment is due: the customer's words, never the staff's.
  widget_online_unavailable: 'Online booking is temporarily unavailable. Please call the venue.',
  widget_online_unavailable_phone: 'Online booking is temporarily unavailable. Call: %{phone}',
  // #42 The widget card's warning (the tools page's widget tab).
  widget_prepaid_without_provider: 'Schedule “%{schedule}” of group “%{group}” asks a %{percent}% prepayment, but online payments are not connected: the widget turns its guests away. Connect online payments (the “Online payments” tab) or set the prepayment to 0%.',
  // #42 The setup checklist (GET /api/v2.2/locations/{id}/readiness/): what each step still lacks.
  readiness_inactive: 'The location is switched off: neither the desk nor the widget sells.',
  readiness_no_address: 'Guests are not told the address.',
  readiness_no_playgrounds: 'No playground yet.',
  readiness_no_group: 'No playground group yet: a schedule belongs to a group.',
  readiness_group_empty: 'No group holds a playground: drag the playgrounds into a group.',
  readiness_ungrouped: 'Outside any group, so not on sale: %{names}.',
  readiness_no_games: 'No game at this location yet.',
  readiness_no_games_per_person: 'No game at this location, while a per-person price needs a game chosen at booking.',
  readiness_no_schedules: 'No schedule with prices yet.',
  readiness_no_schedule: 'Group “%{group}” has no schedule.',
  readiness_no_items: 'Schedule “%{schedule}” of group “%{group}” has no sessions with prices.',
  readiness_no_price_days: 'Group “%{group}”: no price for %{day_list}.',
  readiness_starts_later: 'Group “%{group}”: schedule “%{schedule}” starts on %{date}; nothing is on sale before then.',
  readiness_no_staff: 'Nobody is invited yet: cashiers and administrators join by invitation.',
  readiness_no_provider: 'Online payments are not connected: the widget takes bookings paid at the venue.',
  readiness_prepaid_without_provider: 'Schedule “%{schedule}” of group “%{group}” asks a %{percent}% prepayment, but online payments are not connected: the widget turns its guests away.',
  readiness_test_keys: 'Test keys are saved: the payments made with them pay no order.',
  readiness_no_phone: 'No venue phone: the widget cannot tell guests whom to call.',
  readiness_consent_incomplete: 'The personal-data consent is not filled in (the operator, its INN and address, the purposes, the data, the actions, the term, how to withdraw): the widget collects guests\' data without a valid consent.',
  readiness_no_privacy_policy: 'No link to the personal-data policy: the law asks it to be published where the widget collects data.',
  readiness_no_rules: 'Arrivals are on, but there are no visitor rules and safety briefing: guests sign only the personal-data consent.',
  // #42 The confirmation letter's money: nothing paid online reads "pay at the venue".
  widget_mail_money: 'Paid online: %{paid}\nTo pay at the venue: %{rest}\n',
  widget_mail_pay_at_venue: 'Pay at the venue: %{rest}\n',
  dispute_file_type: 'Attach PDF, PNG, JPEG, WebP or GIF files.',
  dispute_file_size: 'Each file may be at most %{max} MB.',
  dispute_files_count: 'Attach at most %{max} files.',
  reset_mail_subject: 'Password reset',
  reset_mail_text:
    'Hello, %{name}!\n\nSomeone (hopefully you) asked to reset the password of the venue back-office account %{email}.\nOpen this link to choose a new password: %{link}\nThe link works once and expires in %{minutes} minutes.\n\nIf you did not ask for it, ignore this letter.',
  // Location management, tools, webhooks, technical sessions, statistics (issue 7).
  translations_languages: 'Fill in every field for each language of the location: %{languages}.',
  city_not_in_country: 'This city is not in the chosen country.',
  image_required: 'Choose a picture to upload.',
  promocode_code_taken: 'This location already has a promo code with this name.',
  promocode_fraction_range: 'A fraction discount must be above 0 and below 1 (0.15 is 15 %).',
  promocode_flat_min: 'A flat discount must be at least 1.',
  webhook_url_invalid: 'Enter a full http or https URL.',
  webhook_url_private: 'This address is private or local; webhooks cannot be sent there.',
  webhook_url_unresolvable: 'The host name of this URL does not resolve.',
  webhook_disabled: 'The webhook is switched off; switch it on before resending.',
  tech_control_off: 'Technical sessions are switched off for this playground.',
  tech_access_expired: 'Technical access to this playground has expired.',
  dashboard_link_invalid: 'This dashboard link is invalid or has expired. Open the statistics page again.',
  // The customer booking widget (issue 8): customers read these, so they say what to do next.
  widget_places_gone: 'Sorry, these places have just been taken. Choose another session or fewer persons.',
  widget_session_gone: 'This session is no longer on sale. Choose another one.',
  widget_cancel_too_late: 'A booking can be cancelled here up to %{hours} h before the session. Please call the venue.',
  widget_cancel_too_late_phone: 'A booking can be cancelled here up to %{hours} h before the session. Please call the venue: %{phone}.',
  widget_order_cancelled: 'This booking has already been cancelled.',
  widget_mail_subject: 'Booking №%{id} at %{location} is confirmed',
  widget_mail_text:
    'Hello, %{name}!\n\nYour booking at %{location} is confirmed.\n\nBooking: №%{id}\nDate and time: %{date}, %{begin}–%{end}\nPlayground: %{playground}\nPersons: %{persons}\n%{game}Price: %{purchase}\n%{money_lines}\n%{arrival}Your booking page (pay, move or cancel the booking there; cancel up to %{hours} h before the session):\n%{link}\n\n%{address}\n%{phone_line}See you soon!',
  widget_mail_game: 'Game: %{game}\n',
  widget_payment_not_declined: 'This booking is not waiting for a new payment.',
  // #46 The customer's own page: moving the booking and paying the rest.
  widget_move_too_late: 'A booking can be moved here up to %{hours} h before the session. Please call the venue.',
  widget_move_too_late_phone: 'A booking can be moved here up to %{hours} h before the session. Please call the venue: %{phone}.',
  widget_move_not_allowed: 'This booking cannot be moved here: pay for it first, or call the venue.',
  widget_move_other_group: 'A booking can be moved only to a session of the same playgrounds.',
  widget_move_same_session: 'The booking is already at this session.',
  widget_nothing_to_pay: 'Nothing is left to pay for this booking.',
  widget_hold_expired: 'The time to pay for this booking is over and the places were released. Please book again.',
  widget_cancel_mail_subject: 'Booking №%{id} at %{location} is cancelled',
  widget_cancel_mail_customer:
    'Hello, %{name}!\n\nYou cancelled your booking №%{id} at %{location} (%{date}, %{begin}–%{end}, %{playground}).\n%{refund}\nYour booking page:\n%{link}\n\n%{address}\n%{phone_line}',
  widget_cancel_mail_expired:
    'Hello, %{name}!\n\nThe payment for your booking №%{id} at %{location} (%{date}, %{begin}–%{end}, %{playground}) did not arrive within %{minutes} min, so the booking was cancelled and its places released. Nothing was charged.\nYou are welcome to book again.\n\n%{address}\n%{phone_line}',
  widget_cancel_mail_refund: 'What you paid, %{amount}, will be returned to you; the venue will contact you about it.\n',
  // #40 A held booking's letter, sent at once: the only payment link must not be lost with the tab.
  widget_held_mail_subject: 'Booking №%{id} at %{location}: please pay by %{until}',
  widget_held_mail_text:
    'Hello, %{name}!\n\nYour places at %{location} are held until %{until}. To confirm the booking, pay %{amount} online:\n%{pay_link}\n\nIf the payment does not arrive by then, the booking is cancelled and its places released.\n\nBooking: №%{id}\nDate and time: %{date}, %{begin}–%{end}\nPlayground: %{playground}\nPersons: %{persons}\n%{game}Price: %{purchase}\n\nYour booking page (pay or cancel there):\n%{link}\n\n%{address}\n%{phone_line}',
  widget_mail_phone: 'Venue phone: %{phone}\n',
  // #40 What the payment provider's page names (the payment's description).
  payment_description: 'Order #%{id}: %{date} %{begin}–%{end}, %{playground}, guests: %{persons}%{more}',
  payment_description_more: ' and %{smart_count} more session |||| and %{smart_count} more sessions',
  // #40 personal-data consent (152-FZ) and the location's privacy policy link.
  consent_required: 'We cannot take the booking without your consent to the processing of personal data',
  consent_changed: 'The consent text has changed: please read it again and tick the box',
  invalid_url: 'Enter a full http or https address, or leave the field empty.',
  // #42 A location's letters: the sender name is one line that does not look like an address.
  sender_name_invalid: 'One line without the characters @, < and > (the name shown as the letters\' sender).',
  refund_nothing: 'This order holds no money to refund.',
  // #28 CATALOGUE: plural forms split by ' |||| ', picked by smart_count (as the client's polyglot).
  playground_future_orders: 'This playground has %{smart_count} future order; move or cancel it first. |||| This playground has %{smart_count} future orders; move or cancel them first.',
  design_sold_rename: 'Certificates were already sold in this design: its name cannot change. Retire it and add a new one.',
  only_owner_edits_games: 'Only an owner can add or change a game of the catalogue.',
  amount_not_positive: 'The amount must be greater than zero.',
  // #28 STAFF: staff and their rights, invitations, the owner's switches.
  staff_role_not_held: 'You cannot give a role above your own at this location.',
  staff_permission_not_held: 'You cannot grant or revoke a permission you do not hold at this location: %{permission}.',
  staff_last_administrator: 'A location must keep at least one administrator: make someone else administrator first.',
  staff_owner_protected: "Only an owner can change or remove an owner's role and permissions.",
  staff_already_here: 'This person already works at this location.',
  staff_already_invited: 'This e-mail already has an open invitation to this location: re-send it instead.',
  owner_only: 'Only an owner can do this.',
  owner_self_deactivate: 'You cannot deactivate your own account.',
  invitation_invalid: 'This invitation is invalid, withdrawn, already used or has expired.',
  invitation_keeps_password: 'This e-mail already has an account: its password stays as it is. Accept without a new one, then sign in as usual.',
  invitation_mail_subject: 'Invitation to %{location}',
  invitation_mail_text:
    'Hello!\n\nYou are invited to work at %{location} in the venue back-office.\nOpen this link to set your name and password: %{link}\nThe link works once and expires in %{days} days.\n\nIf you did not expect it, ignore this letter.',
  // #38: an existing account is invited too; the letter tells its owner (never the inviter) that the password stays.
  invitation_mail_text_existing:
    'Hello!\n\nYou are invited to work at %{location} in the venue back-office, with the account you already have (%{email}).\nOpen this link to accept: %{link}\nYour password stays as it is: after accepting, sign in as usual. The role takes effect when you accept.\nThe link works once and expires in %{days} days.\n\nIf you did not expect it, ignore this letter.',
  // #28 SETUP: a location's settings.
  unknown_timezone: 'Not a time zone: choose one from the list (e.g. Europe/Moscow).',
  unknown_currency: 'Not a currency: choose one from the list (an ISO 4217 code, e.g. RUB).',
  // #28 GAPS: an inactive location takes no new bookings.
  location_inactive: 'This location is not active: it takes no bookings.',
  // #29 payment providers.
  payment_provider_failed: 'The payment provider %{provider} did not make the payment link: %{provider_error}. Try again later.',
  payment_provider_auth_failed: 'The payment provider refused these credentials: check the shop ID and the secret key.',
  payment_provider_unreachable: 'The payment provider %{provider} could not be reached: %{provider_error}.',
  payment_provider_not_set: 'No payment provider is chosen.',
  payment_sandbox_demo_only: 'The sandbox provider is for the demo only: no money moves through it.',
  payment_provider_not_available: 'This provider is not available yet.',
  payment_provider_busy: 'The payment is being settled right now; the provider will retry.',
  // #38
  payment_provider_test_keys: 'These are test keys: the provider takes only test payments with them, and on this live install a test payment pays no order and credits no balance. Enter the live keys to take money.',
  // #29 Stripe.
  stripe_auth_failed: 'Stripe refused this secret key: check it (Developers → API keys).',
  stripe_secret_key_invalid: 'Not a Stripe secret key: it starts with sk_ (rk_ for a restricted key); the publishable pk_ key is not it.',
  stripe_webhook_secret_invalid: 'Not a webhook signing secret: it starts with whsec_ (Developers → Webhooks → the endpoint → Signing secret).',
  stripe_signature_invalid: 'The Stripe-Signature header does not sign this event with a signing secret set here.',
  // #29 refunds through the provider.
  refund_over_due: 'At most %{max} is left to refund on this order.',
  refund_over_online: 'At most %{max} was paid through the payment provider and can go back that way; refund the rest another way.',
  refund_failed: 'The payment provider refused the refund: %{provider_error}. Nothing was refunded.',
  // #38 refunds by tender.
  refund_over_card: 'At most %{max} was paid by card and can go back to the card; refund the rest another way.',
  refund_over_certificate: 'At most %{max} was paid by gift certificate and can go back onto it; refund the rest another way.',
  refund_reason_required: 'Paying out in cash money that came by card, certificate or online needs a reason (3-500 characters).',
  refund_cash_instead_role: 'Only a manager or an administrator of this location can pay out in cash money that came by card, certificate or online.',
  refund_approval_failed: 'The manager\'s e-mail or password is wrong.',
  refund_approval_not_manager: 'This person is not a manager or an administrator of this location.',
  // #30 DESK: book and pay in one call; a walk-in without the guest's details.
  book_pay_nothing_to_pay: 'Nothing to pay: book and pay is for paid orders with a price.',
  book_pay_with_bill: 'Choose either a payment link or a payment now, not both.',
  // #43 The till.
  till_choose: 'Choose a till',
  shift_open_first: 'Open a shift on the till “%{till}”',
  shift_closed: 'The shift is closed',
  shift_already_open: 'A shift is already open on the till “%{till}”.',
  shift_awaiting_confirmation: 'The shift on the till “%{till}” was counted and awaits a manager\'s confirmation.',
  shift_not_counted: 'The shift has not been counted yet.',
  shift_confirm_other_person: 'Another person than the one who counted must confirm the count.',
  float_comment_required: 'The float differs from the one offered (%{suggested}): say why.',
  denominations_mismatch: 'The bills and coins add up to %{total}, not the counted %{counted}.',
  shift_drop_over_counted: 'At most the counted cash can go to the safe: %{max}.',
  // #44 Arrival: consent documents, signing, check-in.
  consent_document_exists: 'This location already has this document: edit it, and a new version is made.',
  consent_placeholders: 'The text still has places in square brackets to fill in.',
  consent_inn_invalid: 'An INN is 10 digits (a company) or 12 (a sole proprietor) with valid check digits.',
  consent_operator_not_in_text: 'The text must name the operator as the “Operator” field does.',
  consent_inn_not_in_text: 'The text must give the operator\'s INN as the “INN” field does.',
  consent_details_only_personal_data: 'Only a personal-data consent has the operator\'s details.',
  arrivals_off: 'Arrivals are off at this location: turn them on in its settings.',
  // #47 A guest's data on request.
  person_contact_required: 'Give a phone or an e-mail.',
  person_not_found: 'This location holds no bookings with this phone or e-mail.',
  person_has_upcoming: 'This guest has bookings still to come (%{orders}): cancel them first, then erase the data.',
  data_request_received_future: 'The day the request was received cannot be later than today.',
  data_request_done: 'This request is already done.',
  consent_text_moved: 'The personal data consent is edited in “Documents for guests”, with its Russian and English texts and the operator\'s details: a changed text is not saved here.',
  arrival_order_cancelled: 'This booking is cancelled.',
  arrival_participant_unknown: 'Not a participant of this booking.',
  arrival_signing_closed: 'This link no longer takes signatures: %{hours} hours have passed since the session.',
  arrival_version_outdated: 'The document has changed: read its new version and sign it.',
  arrival_birth_date_future: 'A birth date cannot be in the future.',
  arrival_guardian_required: 'The participant is under %{age}: a parent or guardian signs with their name and relation.',
  check_in_unsigned: 'Not signed yet: %{who}.',
  check_in_unpaid: 'Not paid: %{amount} is still owed.',
  check_in_override_role: 'Only a manager or an administrator can check in past a block, with a reason.',
  check_in_undo_late: 'A check-in by someone else, or older than %{minutes} minutes, is undone by a manager or an administrator.',
  // #44 The guests' arrival link by e-mail (POST /api/v2.2/orders/{id}/arrival_link/) and in the widget's letter.
  arrival_link_no_email: 'The order has no e-mail: add one to the order, or show the guests the QR code.',
  arrival_link_mail_subject: 'Before your visit to %{location}: booking №%{id}',
  arrival_link_mail_text:
    'Hello, %{name}!\n\nBefore your visit to %{location} (%{date}, %{begin}, %{playground}), each guest signs the venue\'s documents. Open this link on your phone and share it with the other guests of your booking №%{id}:\n%{link}\n\nEach guest signs for themselves; a parent or guardian signs for a child.\n\n%{address}\n%{phone_line}See you soon!',
  widget_mail_arrival: 'Before your visit each guest signs the venue\'s documents on this page (share it with the others):\n%{link}\n\n',
  // #43 The till's reports.
  shift_report_blind: 'The shift\'s report is shown once the shift is counted.',
  // #45 messages to customers
  message_unknown_variables: 'Unknown variables: %{names}. This message can use: %{known}.',
  message_test_no_phone: 'Your profile has no phone number to send a test SMS to.',
  message_test_no_sms: 'SMS is not set up at this location: enter the SMS.ru key and choose a sender first.',
  message_test_failed: 'The test message was not sent: %{gateway_error}',
  smsru_refused: 'SMS.ru refused: %{gateway_error}',
  smsru_unreachable: 'SMS.ru did not answer: %{gateway_error}. Try again later.',
  sms_sender_not_registered: 'Not one of the account\'s registered senders at SMS.ru. Registered: %{senders}.',
  thank_you_promocode_unknown: 'No active promo code %{code} at this location: create it under Tools, Promo codes, first.',
  quiet_hours_invalid: 'A time as HH:MM, from 00:00 to 23:59.',
} as const;

export type MessageKey = keyof typeof en;

const ru: Record<MessageKey, string> = {
  required: 'Обязательное поле.',
  blank: 'Это поле не может быть пустым.',
  invalid: 'Недопустимое значение.',
  invalid_string: 'Ожидается строка.',
  invalid_number: 'Требуется число.',
  invalid_integer: 'Требуется целое число.',
  invalid_boolean: 'Требуется логическое значение.',
  invalid_object: 'Неверные данные. Ожидается объект.',
  invalid_list: 'Ожидается список.',
  invalid_email: 'Введите правильный адрес электронной почты.',
  invalid_uuid: 'Must be a valid UUID.',
  invalid_phone: 'Только цифры, в начале может быть плюс',
  invalid_choice: 'Недопустимый вариант.',
  max_length: 'Убедитесь, что это поле содержит не более %{max} символов.',
  min_length: 'Убедитесь, что это поле содержит не менее %{min} символов.',
  max_value: 'Убедитесь, что значение меньше или равно %{max}.',
  min_value: 'Убедитесь, что значение больше или равно %{min}.',
  unknown_field: 'Неизвестное поле.',
  parse_error: 'Ошибка разбора JSON - %{reason}',
  unsupported_media_type: 'Неподдерживаемый тип данных "%{type}" в запросе.',
  too_large: 'Слишком большой запрос.',
  too_deeply_nested: 'В запросе объекты и списки вложены глубже %{max} уровней.',
  not_authenticated: 'Учётные данные не были предоставлены.',
  invalid_token: 'Недействительный токен.',
  invalid_ticket: 'Недействительный или просроченный билет потока событий.',
  live_streams_limit: 'Слишком много открытых потоков событий у пользователя (не больше %{max}). Закройте часть вкладок приложения.',
  live_tickets_limit: 'Слишком много неиспользованных билетов потока событий у пользователя (не больше %{max}). Повторите через %{seconds} с.',
  permission_denied: 'У вас нет прав для выполнения этой операции.',
  not_found: 'Не найдено.',
  method_not_allowed: 'Метод "%{method}" не разрешен.',
  throttled: 'Слишком много запросов. Повторите через %{seconds} с.',
  server_error: 'Ошибка сервера.',
  database_unavailable: 'Нет связи с базой данных: повторите через несколько секунд.',
  login_failed: 'Невозможно войти с предоставленными учётными данными.',
  logged_out: 'Вы вышли из системы.',
  email_taken: 'Пользователь с такой электронной почтой уже существует.',
  password_mismatch: 'Пароли не совпадают.',
  current_password_required: 'Введите текущий пароль, чтобы сменить почту.',
  current_password_wrong: 'Неверный текущий пароль.',
  reset_sent: 'Если учётная запись с этой почтой существует, на неё отправлена ссылка для сброса пароля.',
  reset_done: 'Пароль изменён.',
  reset_key_invalid: 'Ссылка для сброса пароля недействительна или устарела.',
  avatar_type: 'Загрузите изображение PNG, JPEG, WebP или GIF.',
  avatar_size: 'Изображение больше %{max} МБ.',
  edit_only_self: 'Можно изменять только свой профиль.',
  invalid_time: 'Укажите время в формате ЧЧ:ММ.',
  invalid_date: 'Укажите дату в формате ГГГГ-ММ-ДД.',
  invalid_price: 'Укажите цену: цифры с запятой или точкой, от 1 до 20 символов.',
  price_negative: 'Цена не может быть отрицательной.', // #42
  setup_done: 'Установка уже настроена: ссылка первого запуска использована. Войдите со своей учётной записью.', // #42
  setup_link_invalid: 'Ссылка первого запуска неверна или устарела (ссылка действует 24 часа). Перезапустите сервер: пока нет ни одной учётной записи, он пишет в журнал новую ссылку.', // #42
  price_kind: 'Укажите либо цену за сеанс, либо цену за человека.',
  pricing_time_unique: 'Другая строка цен уже начинается в это время.',
  overlap_too_big: 'Перекрытие должно быть короче сеанса.',
  items_overlap: 'Этот интервал пересекается с другим в тот же тип дня.',
  item_past_day_end: 'Интервал должен закончиться к 06:00, когда начинается следующий рабочий день.',
  day_types_unique: 'Каждый тип дня можно указать один раз.',
  schedule_start_taken: 'Другое включённое расписание этой группы начинается в эту дату.',
  group_has_schedules: 'У группы есть расписания. Сначала удалите их; площадки группы станут без группы.',
  group_name_taken: 'Группа с таким названием уже есть в этой локации.',
  webhook_url_taken: 'У этой локации уже есть вебхук с таким адресом.',
  holiday_exists: 'Эта дата уже есть в календаре праздников.',
  value_taken: 'В этой локации уже есть такое значение.',
  date_range: 'Выберите дату с %{min} по %{max}.',
  wrong_persons: 'wrong persons number',
  free_sessions_not_found: 'Free sessions not found for this event on this location at given time',
  null_payment: 'null payment',
  seller_not_found: 'not found',
  invalid_datetime: 'Укажите дату и время в формате ГГГГ-ММ-ДД ЧЧ:ММ.',
  date_out_of_range: 'Укажите дату с 1900-01-01 по 2999-12-31.',
  null_character: 'Нулевые символы недопустимы.',
  text_too_long: 'Убедитесь, что это значение содержит не более 20000 символов.',
  invalid_input: 'Недопустимые данные: значение не может быть сохранено.',
  bad_url: 'Неверный адрес: ошибка в %-кодировании.',
  cancel_delay_required: 'Укажите, сколько минут хранить неоплаченный заказ до отмены.',
  game_required: 'Выберите игру: цена сеанса указана за человека.',
  game_not_available: 'Эта игра недоступна в этой локации.',
  order_closed: 'Заказ отменён или его сеанс прошёл; изменить его нельзя.',
  order_not_payable: 'Отменённый заказ нельзя оплатить.',
  overpayment: 'Сумма больше, чем осталось оплатить: %{max}.',
  certificate_currency: 'Сертификат в валюте %{currency}, а заказ оплачивается в %{order_currency}.',
  order_fully_paid: 'Заказ уже полностью оплачен.',
  idempotency_key_invalid: 'Заголовок Idempotency-Key: от 1 до 200 видимых символов.',
  idempotency_key_reused: 'Этот Idempotency-Key уже использован для другого запроса.',
  certificate_required: 'Укажите номер сертификата.',
  certificate_not_found: 'Сертификат не найден.',
  certificate_inactive: 'Сертификат не активирован.',
  certificate_expired: 'Срок действия сертификата истёк.',
  certificate_used: 'Сертификат полностью использован.',
  certificate_insufficient: 'На сертификате осталось только %{remaining}.',
  promocode_invalid: 'Промокод не найден.',
  promocode_inactive: 'Промокод отключён.',
  promocode_not_started: 'Промокод действует с %{date}.',
  promocode_expired: 'Срок действия промокода истёк %{date}.',
  promocode_exhausted: 'Промокод использован максимальное число раз.',
  slot_locked: 'Этот сеанс сейчас бронирует кто-то другой. Повторите через минуту.',
  busy: 'Эти данные сейчас меняет кто-то другой. Повторите через минуту.',
  payment_type_invalid: 'Выберите наличные, сертификат, счёт или карту.',
  invalid_cost: 'Укажите стоимость: цифры с запятой или точкой.',
  invalid_persons: 'Укажите число гостей цифрами.',
  sessions_required: 'Выберите хотя бы один сеанс.',
  event_not_available: 'В этой локации нет мероприятий.',
  event_package_required: 'Выберите пакет мероприятия.',
  not_multisession: 'Это одиночное бронирование; измените его в форме бронирования.',
  only_manual_hidden: 'Скрыть можно только ручной платёж (тип 7).',
  date_order: 'Дата окончания не может быть раньше даты начала.',
  refund_too_big: 'По этой транзакции можно вернуть не больше %{max}.',
  refund_of_refund: 'Возврат нельзя вернуть.',
  certificate_not_activatable: 'Активировать можно только неоплаченный сертификат.',
  certificate_not_resendable: 'Отправить повторно можно только активный сертификат.',
  certificate_mail_subject: 'Ваш подарочный сертификат',
  bill_mail_subject: 'Ссылка на оплату заказа №%{id} в %{location}',
  bill_mail_text: 'Здравствуйте, %{name}!\n\nЧтобы оплатить %{amount} по заказу №%{id} в %{location}, откройте ссылку:\n%{link}\n\nЗаказ будет оплачен, как только платёж пройдет.',
  certificate_mail_text: 'Здравствуйте, %{name}!\n\nВаш подарочный сертификат %{number} на %{rate} действует до %{until}.\nНазовите этот номер в %{location}, чтобы оплатить игру.\n\nХорошей игры!',
  refill_not_allowed: 'Пополнение счёта недоступно для этой локации.',
  payment_provider_off: 'Ссылки на оплату недоступны: платёжный провайдер не подключён.',
  widget_online_unavailable: 'Онлайн-бронирование временно недоступно. Позвоните, пожалуйста, на площадку.',
  widget_online_unavailable_phone: 'Онлайн-бронирование временно недоступно. Позвоните: %{phone}',
  widget_prepaid_without_provider: 'Расписание «%{schedule}» группы «%{group}» берёт предоплату %{percent}\u00a0%, а онлайн-оплата не подключена: виджет откажет гостям этих сеансов. Подключите онлайн-оплату (вкладка «Онлайн-оплата») или поставьте предоплату 0\u00a0%.',
  readiness_inactive: 'Локация отключена: её нет ни на кассе, ни в виджете.',
  readiness_no_address: 'Гостям не указан адрес.',
  readiness_no_playgrounds: 'Пока нет ни одной площадки.',
  readiness_no_group: 'Пока нет группы площадок: расписание задаётся группе.',
  readiness_group_empty: 'Ни в одной группе нет площадок: перетащите площадки в группу.',
  readiness_ungrouped: 'Вне групп, поэтому не продаются: %{names}.',
  readiness_no_games: 'На локации пока нет игр.',
  readiness_no_games_per_person: 'На локации нет игр, а цена за человека требует выбрать игру при бронировании.',
  readiness_no_schedules: 'Пока нет расписания с ценами.',
  readiness_no_schedule: 'У группы «%{group}» нет расписания.',
  readiness_no_items: 'В расписании «%{schedule}» группы «%{group}» нет сеансов с ценами.',
  readiness_no_price_days: 'Группа «%{group}»: нет цены на %{day_list}.',
  readiness_starts_later: 'Группа «%{group}»: расписание «%{schedule}» начнёт действовать %{date}, до этого продавать нечего.',
  readiness_no_staff: 'Никого не пригласили: кассиры и администраторы входят по приглашению.',
  readiness_no_provider: 'Онлайн-оплата не подключена: виджет принимает брони с оплатой на месте.',
  readiness_prepaid_without_provider: 'Расписание «%{schedule}» группы «%{group}» берёт предоплату %{percent}\u00a0%, а онлайн-оплата не подключена: виджет отказывает его гостям.',
  readiness_test_keys: 'Сохранены тестовые ключи: оплаты по ним не оплачивают заказы.',
  readiness_no_phone: 'Не указан телефон площадки: гостям из виджета некуда позвонить.',
  readiness_consent_incomplete: 'Согласие на обработку персональных данных не заполнено (оператор, его ИНН и адрес, цели, перечень данных, действия, срок, порядок отзыва): виджет собирает данные гостей без действующего согласия.',
  readiness_no_privacy_policy: 'Нет ссылки на политику обработки персональных данных: закон требует опубликовать её там, где виджет собирает данные.',
  readiness_no_rules: 'Приход гостей отмечается, а правил посещения и инструктажа нет: гости подписывают только согласие на обработку персональных данных.',
  widget_mail_money: 'Оплачено онлайн: %{paid}\nОплатить на месте: %{rest}\n',
  widget_mail_pay_at_venue: 'Оплата на месте: %{rest}\n',
  dispute_file_type: 'Прикрепите файлы PDF, PNG, JPEG, WebP или GIF.',
  dispute_file_size: 'Каждый файл — не больше %{max} МБ.',
  dispute_files_count: 'Прикрепите не больше %{max} файлов.',
  reset_mail_subject: 'Сброс пароля',
  reset_mail_text:
    'Здравствуйте, %{name}!\n\nКто-то (надеемся, вы) запросил сброс пароля учётной записи %{email} в бэк-офисе площадки.\nОткройте ссылку, чтобы задать новый пароль: %{link}\nСсылка действует один раз и %{minutes} минут.\n\nЕсли вы не запрашивали сброс, просто проигнорируйте письмо.',
  translations_languages: 'Заполните все поля для каждого языка локации: %{languages}.',
  city_not_in_country: 'Этот город не в выбранной стране.',
  image_required: 'Выберите изображение для загрузки.',
  promocode_code_taken: 'В этой локации уже есть промокод с таким названием.',
  promocode_fraction_range: 'Скидка-доля должна быть больше 0 и меньше 1 (0.15 — это 15 %).',
  promocode_flat_min: 'Фиксированная скидка должна быть не меньше 1.',
  webhook_url_invalid: 'Укажите полный адрес http или https.',
  webhook_url_private: 'Это частный или локальный адрес; вебхуки туда не отправляются.',
  webhook_url_unresolvable: 'Имя хоста в этом адресе не находится.',
  webhook_disabled: 'Вебхук выключен; включите его, чтобы отправить повторно.',
  tech_control_off: 'Технические сессии для этой площадки выключены.',
  tech_access_expired: 'Технический доступ к этой площадке истёк.',
  dashboard_link_invalid: 'Ссылка на отчёт недействительна или устарела. Откройте страницу статистики заново.',
  widget_places_gone: 'Извините, эти места только что заняли. Выберите другой сеанс или меньше гостей.',
  widget_session_gone: 'Этот сеанс больше не продается. Выберите другой.',
  widget_cancel_too_late: 'Отменить бронь здесь можно не позднее чем за %{hours} ч до сеанса. Позвоните, пожалуйста, на площадку.',
  widget_cancel_too_late_phone: 'Отменить бронь здесь можно не позднее чем за %{hours} ч до сеанса. Позвоните, пожалуйста, на площадку: %{phone}.',
  widget_order_cancelled: 'Эта бронь уже отменена.',
  widget_mail_subject: 'Бронь №%{id} в %{location} подтверждена',
  widget_mail_text:
    'Здравствуйте, %{name}!\n\nВаша бронь в %{location} подтверждена.\n\nБронь: №%{id}\nДата и время: %{date}, %{begin}–%{end}\nПлощадка: %{playground}\nГостей: %{persons}\n%{game}Стоимость: %{purchase}\n%{money_lines}\n%{arrival}Страница брони (там её можно оплатить, перенести или отменить; отменить — не позднее чем за %{hours} ч до сеанса):\n%{link}\n\n%{address}\n%{phone_line}До встречи!',
  widget_mail_game: 'Игра: %{game}\n',
  widget_payment_not_declined: 'Эта бронь не ждёт новой оплаты.',
  widget_move_too_late: 'Перенести бронь здесь можно не позднее чем за %{hours} ч до сеанса. Позвоните, пожалуйста, на площадку.',
  widget_move_too_late_phone: 'Перенести бронь здесь можно не позднее чем за %{hours} ч до сеанса. Позвоните, пожалуйста, на площадку: %{phone}.',
  widget_move_not_allowed: 'Эту бронь здесь перенести нельзя: сначала оплатите её или позвоните на площадку.',
  widget_move_other_group: 'Бронь можно перенести только на сеанс тех же залов.',
  widget_move_same_session: 'Бронь уже на этом сеансе.',
  widget_nothing_to_pay: 'По этой брони платить больше нечего.',
  widget_hold_expired: 'Время на оплату этой брони истекло, места освобождены. Забронируйте, пожалуйста, заново.',
  widget_cancel_mail_subject: 'Бронь №%{id} в %{location} отменена',
  widget_cancel_mail_customer:
    'Здравствуйте, %{name}!\n\nВы отменили бронь №%{id} в %{location} (%{date}, %{begin}–%{end}, %{playground}).\n%{refund}\nСтраница брони:\n%{link}\n\n%{address}\n%{phone_line}',
  widget_cancel_mail_expired:
    'Здравствуйте, %{name}!\n\nОплата брони №%{id} в %{location} (%{date}, %{begin}–%{end}, %{playground}) не поступила за %{minutes} мин, поэтому бронь отменена и места освобождены. Деньги не списаны.\nБудем рады, если вы забронируете снова.\n\n%{address}\n%{phone_line}',
  widget_cancel_mail_refund: 'Оплаченные %{amount} будут вам возвращены; площадка свяжется с вами.\n',
  widget_held_mail_subject: 'Бронь №%{id} в %{location}: оплатите до %{until}',
  widget_held_mail_text:
    'Здравствуйте, %{name}!\n\nМеста в %{location} держатся за вами до %{until}. Чтобы подтвердить бронь, оплатите онлайн %{amount}:\n%{pay_link}\n\nЕсли оплата не поступит к этому времени, бронь отменится и места освободятся.\n\nБронь: №%{id}\nДата и время: %{date}, %{begin}–%{end}\nПлощадка: %{playground}\nГостей: %{persons}\n%{game}Стоимость: %{purchase}\n\nСтраница брони (там можно оплатить или отменить её):\n%{link}\n\n%{address}\n%{phone_line}',
  widget_mail_phone: 'Телефон площадки: %{phone}\n',
  payment_description: 'Заказ № %{id}: %{date} %{begin}–%{end}, %{playground}, гостей: %{persons}%{more}',
  payment_description_more: ' и ещё %{smart_count} сеанс |||| и ещё %{smart_count} сеанса |||| и ещё %{smart_count} сеансов',
  consent_required: 'Без согласия на обработку персональных данных забронировать нельзя',
  consent_changed: 'Текст согласия изменился: прочитайте его ещё раз и поставьте отметку',
  invalid_url: 'Укажите полный адрес http или https или оставьте поле пустым.',
  sender_name_invalid: 'Одна строка без символов @, < и > (имя, которое письма показывают как отправителя).',
  refund_nothing: 'По этому заказу нечего возвращать.',
  // #28 CATALOGUE
  playground_future_orders: 'У игровой зоны %{smart_count} будущий заказ; сначала перенесите или отмените его. |||| У игровой зоны %{smart_count} будущих заказа; сначала перенесите или отмените их. |||| У игровой зоны %{smart_count} будущих заказов; сначала перенесите или отмените их.',
  design_sold_rename: 'В этом дизайне уже проданы сертификаты: его название менять нельзя. Выведите его из продажи и добавьте новый.',
  only_owner_edits_games: 'Добавлять и менять игры каталога может только владелец.',
  amount_not_positive: 'Сумма должна быть больше нуля.',
  // #28 STAFF: сотрудники и их права, приглашения, действия владельца.
  staff_role_not_held: 'Нельзя дать роль выше своей на этой площадке.',
  staff_permission_not_held: 'Нельзя выдать или отнять право, которого у вас нет на этой площадке: %{permission}.',
  staff_last_administrator: 'На площадке должен остаться хотя бы один администратор: сначала назначьте администратором другого сотрудника.',
  staff_owner_protected: 'Роль и права владельца может менять или удалять только владелец.',
  staff_already_here: 'Этот сотрудник уже работает на этой площадке.',
  staff_already_invited: 'На этот адрес уже есть открытое приглашение на эту площадку: отправьте его повторно.',
  owner_only: 'Это может сделать только владелец.',
  owner_self_deactivate: 'Нельзя отключить собственную учётную запись.',
  invitation_invalid: 'Приглашение недействительно, отозвано, уже использовано или устарело.',
  invitation_keeps_password: 'У этого адреса уже есть учётная запись, и её пароль не меняется. Примите приглашение без нового пароля и входите как обычно.',
  invitation_mail_subject: 'Приглашение в %{location}',
  invitation_mail_text:
    'Здравствуйте!\n\nВас пригласили работать в %{location} в бэк-офисе площадки.\nОткройте ссылку, чтобы указать имя и пароль: %{link}\nСсылка работает один раз, срок действия — %{days} дн.\n\nЕсли вы не ждали этого письма, просто проигнорируйте его.',
  // #38
  invitation_mail_text_existing:
    'Здравствуйте!\n\nВас пригласили работать в %{location} в бэк-офисе площадки с вашей учётной записью (%{email}).\nОткройте ссылку, чтобы принять приглашение: %{link}\nПароль остаётся прежним: после принятия входите как обычно. Роль начнёт действовать, когда вы примете приглашение.\nСсылка работает один раз, срок действия — %{days} дн.\n\nЕсли вы не ждали этого письма, просто проигнорируйте его.',
  // #28 SETUP: a location's settings.
  unknown_timezone: 'Нет такого часового пояса: выберите его из списка.',
  unknown_currency: 'Нет такой валюты: выберите её из списка.',
  // #28 GAPS
  location_inactive: 'Локация не работает: бронирование закрыто.',
  // #29 платёжные провайдеры.
  payment_provider_failed: 'Платёжный провайдер %{provider} не создал ссылку на оплату: %{provider_error}. Попробуйте позже.',
  payment_provider_auth_failed: 'Платёжный провайдер не принял эти данные: проверьте идентификатор магазина и секретный ключ.',
  payment_provider_unreachable: 'Платёжный провайдер %{provider} недоступен: %{provider_error}.',
  payment_provider_not_set: 'Платёжный провайдер не выбран.',
  payment_sandbox_demo_only: 'Тестовый провайдер — только для демо: через него деньги не проходят.',
  payment_provider_not_available: 'Этот провайдер пока недоступен.',
  payment_provider_busy: 'Платёж сейчас проводится; провайдер повторит уведомление.',
  // #38
  payment_provider_test_keys: 'Это тестовые ключи: с ними провайдер принимает только тестовые платежи, а на этой рабочей установке тестовый платёж не оплачивает заказ и не пополняет баланс. Введите боевые ключи, чтобы принимать деньги.',
  // #29 Stripe.
  stripe_auth_failed: 'Stripe не принял этот секретный ключ: проверьте его.',
  stripe_secret_key_invalid: 'Это не секретный ключ Stripe: он начинается с sk_ (у ограниченного ключа — rk_); публикуемый ключ pk_ не подходит.',
  stripe_webhook_secret_invalid: 'Это не секрет подписи уведомлений: он начинается с whsec_.',
  stripe_signature_invalid: 'Заголовок Stripe-Signature не подписывает это событие ни одним из заданных здесь секретов подписи.',
  // #29 возвраты через провайдера
  refund_over_due: 'По этому заказу можно вернуть не больше %{max}.',
  refund_over_online: 'Через платёжного провайдера оплачено и может вернуться не больше %{max}; остальное верните другим способом.',
  refund_failed: 'Платёжный провайдер отказал в возврате: %{provider_error}. Ничего не возвращено.',
  refund_over_card: 'Картой оплачено и может вернуться на карту не больше %{max}; остальное верните другим способом.',
  refund_over_certificate: 'Сертификатом оплачено и может вернуться на него не больше %{max}; остальное верните другим способом.',
  refund_reason_required: 'Чтобы выдать наличными деньги, пришедшие картой, сертификатом или онлайн, укажите причину (3–500 символов).',
  refund_cash_instead_role: 'Выдать наличными деньги, оплаченные картой, сертификатом или онлайн, может только менеджер или администратор этой локации.',
  refund_approval_failed: 'Неверная почта или пароль менеджера.',
  refund_approval_not_manager: 'Этот человек не менеджер и не администратор этой локации.',
  // #30 DESK
  book_pay_nothing_to_pay: 'Платить нечего: «Забронировать и оплатить» — для платных заказов с ценой.',
  book_pay_with_bill: 'Выберите что-то одно: ссылку на оплату или оплату сейчас.',
  // #43 Касса
  till_choose: 'Выберите кассу',
  shift_open_first: 'Откройте смену на кассе «%{till}»',
  shift_closed: 'Смена закрыта',
  shift_already_open: 'На кассе «%{till}» уже открыта смена.',
  shift_awaiting_confirmation: 'Смена на кассе «%{till}» пересчитана и ждёт подтверждения менеджера.',
  shift_not_counted: 'Смену ещё не пересчитали.',
  shift_confirm_other_person: 'Пересчёт подтверждает другой сотрудник, не тот, кто считал.',
  float_comment_required: 'Сумма на начало смены отличается от предложенной (%{suggested}): укажите причину.',
  denominations_mismatch: 'Купюры и монеты дают %{total}, а пересчитано %{counted}.',
  shift_drop_over_counted: 'В сейф можно убрать не больше пересчитанного: %{max}.',
  // #44 Приход гостей: документы согласий, подписи, отметка прихода
  consent_document_exists: 'У локации уже есть такой документ: измените его, и появится новая версия.',
  consent_placeholders: 'В тексте остались места в квадратных скобках: заполните их.',
  consent_inn_invalid: 'ИНН — 10 цифр у организации или 12 у ИП, с верными контрольными цифрами.',
  consent_operator_not_in_text: 'Текст должен называть оператора так же, как поле «Оператор».',
  consent_inn_not_in_text: 'Текст должен указывать ИНН оператора, как в поле «ИНН».',
  consent_details_only_personal_data: 'Сведения об операторе бывают только у согласия на обработку персональных данных.',
  arrivals_off: 'На этой локации приход гостей не отмечается: включите его в настройках локации.',
  // #47 Данные гостя по запросу.
  person_contact_required: 'Укажите телефон или электронную почту.',
  person_not_found: 'На этой локации нет бронирований с таким телефоном или адресом почты.',
  person_has_upcoming: 'У гостя есть предстоящие бронирования (%{orders}): сначала отмените их, затем удаляйте данные.',
  data_request_received_future: 'Дата получения запроса не может быть позже сегодняшней.',
  data_request_done: 'Этот запрос уже выполнен.',
  consent_text_moved: 'Согласие на обработку персональных данных меняется в разделе «Документы для гостей», с текстами на русском и английском и сведениями об операторе: изменённый текст здесь не сохраняется.',
  arrival_order_cancelled: 'Это бронирование отменено.',
  arrival_participant_unknown: 'Такого участника в этом бронировании нет.',
  arrival_signing_closed: 'Подписать по этой ссылке уже нельзя: после сеанса прошло %{hours} часа.',
  arrival_version_outdated: 'Документ изменился: прочитайте новую версию и подпишите её.',
  arrival_birth_date_future: 'Дата рождения не может быть в будущем.',
  arrival_guardian_required: 'Участнику нет %{age} лет: подписывает родитель или опекун — укажите его имя и кем он приходится.',
  check_in_unsigned: 'Ещё не подписали: %{who}.',
  check_in_unpaid: 'Не оплачено: осталось %{amount}.',
  check_in_override_role: 'Отметить приход, несмотря на запрет, может менеджер или администратор — с причиной.',
  check_in_undo_late: 'Чужую отметку прихода или отметку старше %{minutes} минут отменяет менеджер или администратор.',
  // #44 Ссылка для гостей по почте и в письме виджета.
  arrival_link_no_email: 'У заказа нет электронной почты: добавьте её в заказ или покажите гостям код для сканирования.',
  arrival_link_mail_subject: 'Перед визитом в %{location}: бронь №%{id}',
  arrival_link_mail_text:
    'Здравствуйте, %{name}!\n\nПеред визитом в %{location} (%{date}, %{begin}, %{playground}) каждый гость подписывает документы площадки. Откройте ссылку на телефоне и перешлите её остальным гостям брони №%{id}:\n%{link}\n\nКаждый гость подписывает за себя; за ребёнка подписывает родитель или опекун.\n\n%{address}\n%{phone_line}До встречи!',
  widget_mail_arrival: 'Перед визитом каждый гость подписывает документы площадки на этой странице (перешлите её остальным):\n%{link}\n\n',
  // #43 Отчёты кассы
  shift_report_blind: 'Отчёт о смене доступен после пересчёта.',
  // #45 сообщения клиентам
  message_unknown_variables: 'Неизвестные переменные: %{names}. В этом сообщении можно использовать: %{known}.',
  message_test_no_phone: 'В вашем профиле нет телефона, чтобы прислать тестовое СМС.',
  message_test_no_sms: 'СМС на этой площадке не настроены: сначала укажите ключ SMS.ru и выберите отправителя.',
  message_test_failed: 'Тестовое сообщение не отправлено: %{gateway_error}',
  smsru_refused: 'SMS.ru отказал: %{gateway_error}',
  smsru_unreachable: 'SMS.ru не ответил: %{gateway_error}. Попробуйте позже.',
  sms_sender_not_registered: 'Такого отправителя нет среди зарегистрированных в SMS.ru. Зарегистрированы: %{senders}.',
  thank_you_promocode_unknown: 'Активного промокода %{code} на этой площадке нет: сначала создайте его в Инструментах, раздел «Промокоды».',
  quiet_hours_invalid: 'Время в виде ЧЧ:ММ, от 00:00 до 23:59.',
};

export const serverMessages: Record<Lang, Record<MessageKey, string>> = { en, ru };

/** An amount, written in the reader's language by the one money formatter (domain/money.ts). */
export interface MoneyParam { money: string; currency: Currency | null }
/** A day 'YYYY-MM-DD', written DD.MM.YYYY. */
export interface DayParam { day: string }
/**
 * #39 A code the reader must never see as it is stored (`transactions.all`, `yookassa`,
 * `invalid_credentials`, role 40): said in the words of the reader's language by WORDS below.
 * The messages' params that carry such codes (CODE_PARAMS) are worded even when a caller passes
 * the bare code, so no call site can leak one.
 */
export interface WordsParam { words: WordKind; code: string | number | readonly string[] }
export type WordKind = 'permission' | 'role' | 'provider' | 'provider_error';
export type MessageParams = Record<string, string | number | MoneyParam | DayParam | WordsParam>;

export const moneyParam = (amount: string, currency: Currency | null): MoneyParam => ({ money: amount, currency });
export const dayParam = (day: string): DayParam => ({ day });
export const wordsParam = (words: WordKind, code: WordsParam['code']): WordsParam => ({ words, code });

/** A role inside a sentence: the label of the staff screen (domain/staff.ts), lower-case. */
const roleWords = Object.fromEntries(Object.entries(ROLE_LABELS).map(([id, l]) =>
  [id, { ru: l.ru.toLowerCase(), en: l.en.toLowerCase() }])) as Record<string, Label>;

/** The providers by their brands (ЮKassa is the Russian spelling of its owner). */
const PROVIDER_WORDS: Record<string, Label> = {
  yookassa: { ru: 'ЮKassa', en: 'YooKassa' },
  stripe: { ru: 'Stripe', en: 'Stripe' },
  sandbox: { ru: '«Песочница» (демо)', en: 'Sandbox (demo)' },
};

/**
 * What a provider (or our call to it) answered, in words: our own codes for no answer, YooKassa's
 * error codes and refund cancellation reasons (yookassa.ru/developers/using-api/response-handling,
 * /payment-acceptance/after-the-payment/declined-payments), Stripe's error codes and types
 * (docs.stripe.com/error-codes). A code not listed reads as "another refusal": the raw code stays in
 * the order log and the server's log, not in a sentence for the desk.
 */
const PROVIDER_ERROR_WORDS: Record<string, Label> = {
  'no answer': { ru: 'нет ответа', en: 'no answer' },
  timeout: { ru: 'не ответил вовремя', en: 'no answer in time' },
  payment_provider_off: { ru: 'платёжный провайдер не подключён', en: 'no payment provider is configured' },
  'no confirmation_url': { ru: 'в ответе нет ссылки на оплату', en: 'the answer holds no payment link' },
  'no session url': { ru: 'в ответе нет ссылки на оплату', en: 'the answer holds no payment link' },
  'no payment_intent': { ru: 'платёж не найден у провайдера', en: 'the provider does not know the payment' },
  whole_amounts: { ru: 'в этой валюте сумма должна быть целой', en: 'amounts in this currency are whole' },
  invalid_request: { ru: 'провайдер отклонил запрос', en: 'the provider refused the request' },
  invalid_credentials: { ru: 'неверные идентификатор магазина или секретный ключ', en: 'wrong shop ID or secret key' },
  forbidden: { ru: 'магазину это действие запрещено', en: 'the shop may not do this' },
  not_found: { ru: 'платёж не найден у провайдера', en: 'the provider does not know the payment' },
  resource_missing: { ru: 'платёж не найден у провайдера', en: 'the provider does not know the payment' },
  too_many_requests: { ru: 'слишком много запросов, повторите позже', en: 'too many requests, try again later' },
  rate_limit: { ru: 'слишком много запросов, повторите позже', en: 'too many requests, try again later' },
  internal_server_error: { ru: 'сбой на стороне провайдера', en: 'a failure at the provider' },
  api_error: { ru: 'сбой на стороне провайдера', en: 'a failure at the provider' },
  api_connection_error: { ru: 'нет ответа', en: 'no answer' },
  authentication_error: { ru: 'неверный секретный ключ', en: 'wrong secret key' },
  invalid_request_error: { ru: 'провайдер отклонил запрос', en: 'the provider refused the request' },
  canceled: { ru: 'провайдер отменил возврат', en: 'the provider cancelled the refund' },
  failed: { ru: 'провайдер отклонил возврат', en: 'the provider declined the refund' },
  rejected_by_payee: { ru: 'отклонён магазином', en: 'declined by the shop' },
  insufficient_funds: { ru: 'на счёте магазина не хватает денег', en: 'not enough money on the shop\'s account' },
  general_decline: { ru: 'отклонён без объяснения причины', en: 'declined without a reason given' },
  payment_expired: { ru: 'срок платежа истёк', en: 'the payment has expired' },
  charge_already_refunded: { ru: 'платёж уже возвращён', en: 'the payment is already refunded' },
  amount_too_large: { ru: 'сумма больше, чем можно вернуть', en: 'the amount is more than can be refunded' },
  other: { ru: 'другой отказ провайдера', en: 'another refusal of the provider' },
};

/** The four kinds of codes and their words; a code not listed falls back to the kind's `other`. */
const WORDS: Record<WordKind, (code: string) => Label | undefined> = {
  permission: (code) => (PERMISSION_LABELS as Record<string, Label>)[code] && (() => {
    // «Транзакции: все» inside a sentence is quoted: it has its own colon.
    const l = (PERMISSION_LABELS as Record<string, Label>)[code]!;
    return { ru: `«${l.ru}»`, en: `“${l.en}”` };
  })(),
  role: (code) => roleWords[code],
  provider: (code) => PROVIDER_WORDS[code],
  provider_error: (code) => PROVIDER_ERROR_WORDS[code]
    // YooKassa's error body without JSON: our "HTTP 502".
    ?? (/^HTTP 5\d\d$/.test(code) ? PROVIDER_ERROR_WORDS.internal_server_error : /^HTTP 429$/.test(code) ? PROVIDER_ERROR_WORDS.too_many_requests
      : /^HTTP 40[13]$/.test(code) ? PROVIDER_ERROR_WORDS.invalid_credentials : /amounts are whole$/.test(code) ? PROVIDER_ERROR_WORDS.whole_amounts : undefined),
};
const OTHER: Record<WordKind, Label> = {
  permission: { ru: 'другое право', en: 'another permission' },
  role: { ru: 'другая роль', en: 'another role' },
  provider: { ru: 'платёжный провайдер', en: 'the payment provider' },
  provider_error: PROVIDER_ERROR_WORDS.other!,
};

/** The params whose values are codes, by name: worded whatever the caller passed. */
const CODE_PARAMS: Record<string, WordKind> = { permission: 'permission', role: 'role', provider: 'provider', provider_error: 'provider_error' };

/** Every code the words know, by kind (the raw-code test walks them, with one code none knows). */
export const KNOWN_CODES: Record<WordKind, string[]> = {
  permission: Object.keys(PERMISSION_LABELS), role: Object.keys(roleWords), provider: Object.keys(PROVIDER_WORDS), provider_error: Object.keys(PROVIDER_ERROR_WORDS).filter((c) => c !== 'other'),
};
export const CODE_PARAM_NAMES = Object.keys(CODE_PARAMS);

function wordsText(lang: Lang, kind: WordKind, code: WordsParam['code']): string {
  const codes = Array.isArray(code) ? code : [code];
  // The same words once: two refusals with one reason read once.
  return [...new Set(codes.map((c) => (WORDS[kind](String(c)) ?? OTHER[kind])[lang]))].join('; ');
}

function paramText(lang: Lang, value: MessageParams[string] | undefined, name = ''): string {
  if (value === undefined) return '';
  if (typeof value !== 'object') return CODE_PARAMS[name] ? wordsText(lang, CODE_PARAMS[name]!, String(value)) : String(value);
  if ('words' in value) return wordsText(lang, value.words, value.code);
  return 'money' in value ? formatMoney(value.money, value.currency, lang) : formatDay(value.day);
}

/** Polyglot's plural forms (' |||| '): ru one/few/many, en one/other, by the number smart_count. */
function pluralForm(lang: Lang, template: string, count: MessageParams[string] | undefined): string {
  if (!template.includes(' |||| ') || typeof count !== 'number') return template;
  const forms = template.split(' |||| ');
  const rule = new Intl.PluralRules(lang).select(count);
  const index = rule === 'one' ? 0 : lang === 'ru' && rule === 'few' ? 1 : forms.length - 1;
  return forms[Math.min(index, forms.length - 1)]!;
}

export function translate(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const template = pluralForm(lang, serverMessages[lang][key] ?? serverMessages.en[key], params.smart_count);
  return template.replace(/%\{(\w+)\}/g, (_, name: string) => paramText(lang, params[name], name));
}

/** The first of ru/en that Accept-Language names, else ru (the product's default). */
export function pickLanguage(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'ru';
  const tags = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('ru')) return 'ru';
  }
  return 'ru';
}
