// plotly.js-dist-min ships no types; it is the same API as plotly.js, whose types are installed.
declare module 'plotly.js-dist-min' {
  import * as Plotly from 'plotly.js';
  export default Plotly;
}
