import { describeConsoleInLanguage } from './support/console-language-tour';

describeConsoleInLanguage('zh-CN');
