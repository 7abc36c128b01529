import remarkGfm from 'remark-gfm';
import remarkValidateLinks from 'remark-validate-links';

// `npm run lint:docs`: every relative link and #anchor in README.md and docs/ must resolve.
// repository: false, because links are checked against this checkout, not a hosting service.
export default {
  plugins: [remarkGfm, [remarkValidateLinks, { repository: false }]],
};
