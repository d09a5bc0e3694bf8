import { review } from './server/engine/review/treesitter/reviewHelper';
review(require('fs').readFileSync(process.argv[2],'utf8'), 'php').then((f) => f.forEach((x) => console.log(x.line, x.rule, x.severity, x.message)));
