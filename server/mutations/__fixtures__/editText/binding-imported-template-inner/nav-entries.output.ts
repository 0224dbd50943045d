export const PRODUCT_SHORT_NAME = "Rubber \"Farm\"";
export const SIDEBAR_TITLE = `${PRODUCT_SHORT_NAME} Admin`;
