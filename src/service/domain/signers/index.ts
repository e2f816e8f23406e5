// Signers of a package (contract §6.3); being split into one operation per file (issue 30).
export * from "./input";
