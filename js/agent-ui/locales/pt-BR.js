/** Every string in Brazilian Portuguese: `setStrings(ptBR)` makes the whole interface Portuguese. */

import ptBR from "../src/generated/strings.pt-BR.js";

export default ptBR;
export { ptBR };
