export function installHttpHandlers() {}
