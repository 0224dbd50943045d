export const navItems = [{ title: 'Dashboard' }, { title: 'Pupils' }];
