import type { ShareImages } from 'page-metadata';
import images from './shareImages.json?shareImages';

/** This remote's share images, rendered by its build from shareImages.json and its translations. */
export const shareImages: ShareImages = images;
