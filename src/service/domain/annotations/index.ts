// Annotations of a package (contract §6.4); being split into one operation per file (issue 30).
export * from "./apply";
