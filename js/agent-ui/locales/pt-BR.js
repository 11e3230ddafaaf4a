import ptBR from "../src/generated/strings.pt-BR.js";

export default ptBR;
export { ptBR };
