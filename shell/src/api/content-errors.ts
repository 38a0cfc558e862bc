/** What a page says (and logs) when the content API does not answer: the page exists, its service is away. */
export const CONTENT_API_UNAVAILABLE = 'The content service is unavailable';
