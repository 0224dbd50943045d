const unit = 0.25;

export default { content: ['./src/**/*.tsx'], theme: { extend: { spacing: { gutter: `${unit * 8}rem` } } } };
