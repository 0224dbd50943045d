import Heading from './heading';

export function Login() {
	return <Heading as="h4"> Log in to your account </Heading>;
}
