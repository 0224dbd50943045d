export const PRODUCT_SHORT_NAME = 'Plantation';
export const SIDEBAR_TITLE = `${PRODUCT_SHORT_NAME} Admin`;
