import { defineBackground } from 'wxt/utils/define-background';
import { main } from './main';

export default defineBackground(main);
