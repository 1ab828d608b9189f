// Permission names of the specs are `accounts.{product}.<codename>`; the product part is
// configuration (PRODUCT on the server). Codenames are the part after the product.
export const PERMISSION_CODENAMES = [
  'techsessions',
  'multibooking',
  'certificate',
  'certificate.create',
  'certificate.activate',
  'transactions.edit',
  'transactions.all',
] as const;

export type PermissionCodename = (typeof PERMISSION_CODENAMES)[number];

export function permissionName(product: string, codename: string): string {
  return `accounts.${product}.${codename}`;
}

/** True when the list of full permission names holds `accounts.<any product>.<codename>`. */
export function hasPermission(permissions: readonly string[] | undefined, codename: PermissionCodename): boolean {
  if (!permissions) return false;
  return permissions.some((p) => p.startsWith('accounts.') && p.endsWith(`.${codename}`) && p.split('.').slice(2).join('.') === codename);
}
