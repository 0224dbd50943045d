export const navItems = [{ title: 'Dashboard' }, { title: 'Students' }];
