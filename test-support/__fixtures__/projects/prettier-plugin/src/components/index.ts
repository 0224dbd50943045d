export { Badge } from './Badge'
export { Card } from './Card'
