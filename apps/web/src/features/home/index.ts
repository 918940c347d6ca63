/** What other pages may use of the home page: its questions and its features block. */
export { faqItems } from './faq-items';
export { FeaturesBlock } from './features-block';
