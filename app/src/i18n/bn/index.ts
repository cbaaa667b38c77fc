/**
 * বাংলা: the Bangla locale's first page texts and its font, a chunk of its own that language.ts
 * loads only when Bangla is shown; the other texts are `rest.ts`.
 *
 * Written as a Bangladeshi traveller reads a ticket counter's board and an operator's SMS: যাত্রা,
 * আসন, টিকিট, ভাড়া, বোর্ডিং পয়েন্ট, ড্রপিং পয়েন্ট, কোচ, কেবিন, এসি / নন-এসি, PNR and OTP as they
 * are printed. Not word for word: each entry says what the English one means, in the words the
 * counters use.
 *
 * Numbers, money, dates and clock times are the core's (core-wasm/src/language.rs, the same as
 * on the e-ticket and the SMS): Bengali digits, lakh grouping, '১,২০০ টাকা', 'রাত ১০:৩০'. Codes
 * stay as printed (PNR, seat numbers, promo codes, transaction ids), so they match the SMS, the
 * PDF and the coach.
 *
 * `{name}` placeholders are the English entry's; a test checks both catalogs have the same keys
 * and the same placeholders, and that every message code of the core and the server has a text.
 */
import '@/i18n/bn/bn.css';

export { first } from '@/i18n/bn/first';
