import { describeConsoleInLanguage } from './support/console-language-tour';

describeConsoleInLanguage('en-US');
