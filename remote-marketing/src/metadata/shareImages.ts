import type { ShareImages } from 'page-metadata';
import images from './shareImages.json?shareImages';

/** This remote's pages' share images, rendered by its build from shareImages.json and its translations. */
export const shareImages: ShareImages = images;
