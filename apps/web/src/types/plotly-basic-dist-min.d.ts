// plotly.js-basic-dist-min ships no types; it is the same API as plotly.js, whose types are installed.
declare module 'plotly.js-basic-dist-min' {
  import * as Plotly from 'plotly.js';
  export default Plotly;
}
